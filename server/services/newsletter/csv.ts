import { AUDIENCE_TOOLS_MESSAGES } from "../../../shared/content/audience-tools";
import { invalid } from "../errors";

/** RFC 4180 records (quotes, doubled quotes, CRLF or LF), at most `maxRows` + 1 of them (the header). */
export function parseCsv(text: string, maxRows: number): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A file separated by semicolons (a spreadsheet in many locales) is read as such.
  const firstLine = input.slice(0, input.search(/\r?\n|$/));
  const sep = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  const push = () => {
    record.push(field);
    field = "";
  };
  const end = () => {
    push();
    if (record.some((f) => f.trim() !== "")) records.push(record);
    record = [];
    if (records.length > maxRows + 1) throw invalid(AUDIENCE_TOOLS_MESSAGES.tooManyRows, "file");
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === "") {
      field = "";
      quoted = true;
    } else if (ch === sep) push();
    else if (ch === "\n") end();
    else if (ch !== "\r") field += ch;
  }
  if (field !== "" || record.length) end();
  return records;
}
