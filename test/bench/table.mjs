/** Prints rows (objects of strings, one key per column) as an aligned table with a rule under its head. */
export function printTable(rows) {
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells) => cells.map((v, i) => v.padEnd(width[i])).join('  ').trimEnd();
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}
