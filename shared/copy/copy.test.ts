import { describe, expect, it } from "vitest";
import { FAQ } from "../content/faq";
import { FAQ_DOC, faqEntries } from "./faq";
import { applyListOp, copyFromForm, parseListOp } from "./form";
import { mergeDoc } from "./merge";
import { changedPaths, checkCopy, fieldAt } from "./validate";

const defaults = FAQ_DOC.defaults("en");
const S = FAQ_DOC.sections;

describe("the copy editor's form", () => {
  it("reads a form back into the document, list items in the order of their indices, an emptied list as empty", () => {
    const value = copyFromForm(S, [
      ["heading", "H"],
      ["intro", "I"],
      ["entries.$list", "1"],
      ["entries.1.question", "Second?"],
      ["entries.1.answer", "B"],
      ["entries.1.also", ""],
      ["entries.0.question", "First?"],
      ["entries.0.answer", "A"],
      ["entries.0.also", "x"],
      ["entries.__proto__.question", "ignored"],
    ]);
    expect(value).toEqual({ heading: "H", intro: "I", entries: [{ question: "First?", answer: "A", also: "x" }, { question: "Second?", answer: "B", also: "" }] });
    expect(copyFromForm(S, [["heading", "H"], ["entries.$list", "1"]]).entries).toEqual([]);
    expect(copyFromForm(S, [["heading", "H"]]).entries).toBeUndefined();
  });

  it("adds, removes and moves list items, refusing what the list's limits forbid", () => {
    const value = { ...defaults, entries: defaults.entries.slice(0, 2) } as Record<string, unknown>;
    const added = applyListOp(S, value, parseListOp("add:entries")!);
    expect((added!.value.entries as unknown[]).length).toBe(3);
    expect(added!.focus).toBe("entries.2");
    const moved = applyListOp(S, value, parseListOp("down:entries.0")!);
    expect((moved!.value.entries as { question: string }[]).map((e) => e.question)).toEqual([FAQ[1]!.question, FAQ[0]!.question]);
    expect(applyListOp(S, value, parseListOp("up:entries.0")!)).toBeNull();
    expect(applyListOp(S, value, parseListOp("remove:entries.5")!)).toBeNull();
    expect(applyListOp(S, value, parseListOp("add:heading")!)).toBeNull();
    const full = { ...defaults, entries: Array.from({ length: 60 }, () => ({ question: "Q?", answer: "A", also: "" })) };
    expect(applyListOp(S, full, parseListOp("add:entries")!)).toBeNull();
    expect(parseListOp("drop:entries.1")).toBeNull();
    expect(parseListOp("remove:entries")).toBeNull();
    // The value given is never changed.
    expect((value.entries as unknown[]).length).toBe(2);
  });
});

describe("the server's check of a document", () => {
  it("accepts the defaults, and stores an emptied text empty (the default shows)", () => {
    const { value, errors } = checkCopy(S, { ...defaults, heading: "  " }, defaults);
    expect(errors).toEqual({});
    expect(value.heading).toBe("");
    expect(mergeDoc(S, value, defaults).heading).toBe(defaults.heading);
  });

  it("names each bad field by its path and in the editor's words", () => {
    const entries = [...defaults.entries, { question: "", answer: "", also: "" }];
    const { errors } = checkCopy(S, { heading: 5, intro: "x".repeat(301), entries }, defaults);
    const n = entries.length;
    expect(errors).toEqual({
      heading: "Heading must be text.",
      intro: "Introduction must be at most 300 characters (it has 301).",
      [`entries.${n - 1}.question`]: `Questions, Question ${n}, Question is required.`,
      [`entries.${n - 1}.answer`]: `Questions, Question ${n}, Answer is required.`,
    });
    expect(fieldAt(S, `entries.${n - 1}.answer`)?.labels).toEqual(["Questions", `Question ${n}`, "Answer"]);
  });

  it("bounds the document's size, and drops keys it does not describe", () => {
    // The FAQ at its fullest stays under the bound; a document whose fields allow more is refused as a whole.
    const full = { ...defaults, entries: Array.from({ length: 60 }, () => ({ question: "q".repeat(200), answer: "a".repeat(1200), also: "b".repeat(1000) })) };
    expect(checkCopy(S, full, defaults).errors).toEqual({});
    const wide = { lines: { kind: "list", label: "Lines", itemLabel: "Line", max: 500, item: { kind: "text", label: "Line", max: 1000, optional: true } } } as const;
    expect(checkCopy(wide, { lines: Array.from({ length: 300 }, () => "x".repeat(1000)) }, { lines: [] }).errors[""]).toMatch(/too long to store/);
    expect(checkCopy(S, { ...defaults, evil: "<script>" }, defaults).value).not.toHaveProperty("evil");
  });

  it("checks web addresses and choices", () => {
    const card = {
      link: { kind: "url", label: "Link" },
      icon: { kind: "choice", label: "Icon", options: [{ value: "star", label: "Star" }, { value: "bolt", label: "Bolt" }] },
    } as const;
    const fallback = { link: "https://example.com/", icon: "star" };
    expect(checkCopy(card, { link: "javascript:alert(1)", icon: "skull" }, fallback).errors).toEqual({
      link: "Link must be a web address starting with https:// or http://.",
      icon: "Icon: choose one of the options offered.",
    });
    const ok = checkCopy(card, { link: " https://wise.example/book ", icon: "" }, fallback);
    expect(ok.errors).toEqual({});
    expect(mergeDoc(card, ok.value, fallback)).toEqual({ link: "https://wise.example/book", icon: "star" });
  });

  it("lists what changed, field by field", () => {
    const after = { ...defaults, intro: "New", entries: [...defaults.entries, { question: "Q?", answer: "A", also: "" }] };
    expect(changedPaths(S, defaults, after)).toEqual(["intro", "entries"]);
  });
});

describe("the FAQ's anchors", () => {
  it("keep the original ids for the original questions and make unique ones for new questions", () => {
    const entries = faqEntries({ entries: [...defaults.entries, { question: "Do you work weekends?", answer: "Yes.", also: "a\n\n b " }, { question: "Do you work weekends?", answer: "Yes.", also: "" }, { question: "???", answer: "x", also: "" }] });
    expect(entries.slice(0, FAQ.length).map((e) => e.id)).toEqual(FAQ.map((e) => e.id));
    expect(entries.slice(FAQ.length).map((e) => e.id)).toEqual(["do-you-work-weekends", "do-you-work-weekends-2", `question-${FAQ.length + 3}`]);
    expect(entries[FAQ.length]!.also).toEqual(["a", "b"]);
  });
});
