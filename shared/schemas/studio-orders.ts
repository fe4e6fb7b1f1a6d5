import { z } from "zod";
import { ORDER_RULES, ORDERS_MESSAGES } from "../content/studio-orders";

/** A note's or a message's text as the orders service reads it: line ends made "\n", trimmed, required, bounded. */
function orderText(required: string, tooLong: string) {
  return z
    .string({ error: required })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, required).max(ORDER_RULES.messageMax, tooLong));
}

/** The order page's internal note, checked in the browser and by the page's action. */
export const OrderNoteSchema = z.object({ note: orderText(ORDERS_MESSAGES.noteRequired, ORDERS_MESSAGES.noteTooLong) });

/** The order page's message to the customer ("question" is a checkbox: "1" when ticked). */
export const OrderMessageSchema = z.object({
  message: orderText(ORDERS_MESSAGES.messageRequired, ORDERS_MESSAGES.messageTooLong),
  question: z.literal("1").optional(),
});
