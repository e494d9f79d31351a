/**
 * LOG_FORMAT=pretty: Fastify's JSON lines rewritten as one short line each for a terminal —
 * `12:04:31 INFO  [reqId] message key=value …`. Production keeps JSON (LOG_FORMAT=json, the default) so a
 * collector can search by `reqId`.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '--:--:--';
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const id = entry.reqId ? ` [${String(entry.reqId)}]` : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !SKIPPED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${time} ${level}${id} ${String(entry.msg ?? '')}${fields ? ` ${fields}` : ''}\n`;
}

/** A destination for Fastify's logger that prints pretty lines to `out` (stdout by default). */
export function prettyStream(out: { write(line: string): void } = process.stdout): { write(line: string): void } {
  return { write: (line) => out.write(prettyLine(line.trimEnd())) };
}
