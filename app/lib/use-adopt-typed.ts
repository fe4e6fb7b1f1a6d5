import { type Dispatch, type RefObject, type SetStateAction, useLayoutEffect } from "react";

/**
 * What the visitor typed before hydration becomes the component's state.
 *
 * Pages are server-rendered and their scripts start after the first paint
 * (docs/decisions/0008-hydrate-after-paint.md), so a visitor can type, tick and
 * pick in a form before React takes it over. React adopts the server's
 * elements and leaves their live values alone, but a controlled field's state
 * still holds the server's initial value (""): the next render (any state
 * change nearby, or the submit handler reading the state) wrote "" back into
 * the field or posted it. These hooks read the live fields once, when the
 * component mounts (a layout effect: after the hydration commit, before any
 * other render or paint), and put what they hold into the state. The element
 * itself is never replaced or written to, so focus, caret and selection stay
 * where the visitor left them. On a component mounted later (client
 * navigation) the fields hold exactly the state just rendered, and the
 * update is a no-op.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(element: unknown): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
}

/** One field: a text box's or list's value, a check box's checked state. `set` is a state setter. */
export function useAdoptTyped<T extends string | boolean>(ref: RefObject<Field | null>, set: Dispatch<SetStateAction<T>>): void {
  useLayoutEffect(() => {
    const field = ref.current;
    if (field) set((isCheckable(field) ? field.checked : field.value) as T);
  }, [ref, set]);
}

/**
 * A form whose state is one object of fields by name (`{ email: "", terms: false }`): each key with a field of
 * that name in the form takes the field's live value (a boolean key its checked state). `set` is a state setter.
 */
export function useAdoptTypedForm<T extends Record<string, string | boolean>>(
  ref: RefObject<HTMLFormElement | null>,
  set: Dispatch<SetStateAction<T>>,
): void {
  useLayoutEffect(() => {
    const form = ref.current;
    if (!form) return;
    set((current) => {
      let next = current;
      for (const [name, value] of Object.entries(current)) {
        const field = form.elements.namedItem(name);
        if (!isField(field)) continue;
        const live = typeof value === "boolean" ? field instanceof HTMLInputElement && field.checked : field.value;
        if (live !== value) next = { ...next, [name]: live };
      }
      return next;
    });
  }, [ref, set]);
}
