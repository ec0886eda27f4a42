/**
 * RFC 4180 CSV as the desk's and the CLI's exports write it (quoted fields,
 * doubled quotes, newlines in quotes): the header row, then objects keyed
 * by it. A blank line is a record of one empty field unless `skipBlankLines`
 * (text printed line by line may end in one).
 */
export function parseCsv(
  csv: string,
  options: { skipBlankLines?: boolean } = {},
): { header: string[]; rows: Record<string, string>[] } {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i];
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n") {
      record.push(field);
      records.push(record);
      field = "";
      record = [];
    } else if (ch !== "\r") field += ch;
  }
  if (field || record.length) records.push([...record, field]);
  const kept = options.skipBlankLines ? records.filter((r) => r.length > 1 || r[0] !== "") : records;
  const [header = [], ...rows] = kept;
  return { header, rows: rows.map((row) => Object.fromEntries(header.map((key, i) => [key, row[i]]))) };
}
