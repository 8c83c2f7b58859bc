// The markdown of `npm run bench:scale`: per engine, the fill, the latency table and the export.

const MB = 1024 * 1024;
const ms = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const n = (value) => value.toLocaleString('en');

export function formatReport({ results, scale, size, requests, machine }) {
  const lines = [
    `### bench:scale, SCALE=${scale} (${new Date().toISOString().slice(0, 10)})`,
    '',
    `${machine}. Requests one at a time (no concurrency), after 140 untimed ones that warm the pages' code up, timed to the last byte, asking for br/gzip like a browser; ` +
      `${requests} per item unless fewer distinct addresses exist. Public pages: every request a page-cache miss ` +
      '(a new address each time; rows "right after an admin write" save the site settings before each request, ' +
      'which also empties the in-memory read model).',
    '',
    `Data set: ${n(size.courses)} courses, ${n(size.blogs)} blog posts, ${n(size.learners)} learners, ${n(size.orders)} orders, ` +
      `up to ${n(size.progress)} lesson-progress rows, ${n(size.leads)} leads (on top of the demo content).`,
  ];
  for (const r of results) {
    lines.push(
      '',
      `#### ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL 15'}`,
      '',
      (r.filled.steps.length === 0
        ? 'Filled by an earlier run (SCALE_FILLED). '
        : `Filled in ${r.fillSeconds.toFixed(0)} s (${r.filled.steps.map((s) => `${s.label} ${s.seconds.toFixed(0)} s`).join('; ')}). `) +
        `Rows: ${Object.entries(r.filled.counts)
          .map(([table, count]) => `${table} ${n(count)}`)
          .join(', ')}. ` +
        `Start on the filled database: ${(r.startMs / 1000).toFixed(1)} s. Server RSS ${Math.round(r.startRss / MB)} MB after the first reads, ${Math.round(r.endRss / MB)} MB at the end.`,
      '',
      `CPU ms/request: ${r.cpuScope}, a steadier measure than latency on a busy machine.`,
      '',
      '| item | requests | p50 ms | p99 ms | CPU ms/request | goal p99 ms | met? | note |',
      '|---|---:|---:|---:|---:|---:|:---:|---|',
      ...r.rows.map(
        (row) =>
          `| ${row.item.replace(/\|/g, '\\|')} | ${row.requests} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.cpuMs)} | ${row.goal ?? '–'} | ${
            row.goal === null ? '–' : row.p99 <= row.goal ? 'yes' : '**no**'
          } | ${row.note ?? ''} |`,
      ),
      '',
      '| leads CSV export | time | first byte | bytes | server RSS before | peak during | after |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...r.exports.map(
        (e) =>
          `| ${e.path} | ${(e.ms / 1000).toFixed(1)} s | ${ms(e.firstByteMs ?? 0)} ms | ${n(e.bytes)} | ${Math.round(e.before / MB)} MB | ${Math.round(e.peak / MB)} MB | ${Math.round(e.after / MB)} MB |`,
      ),
    );
  }
  return lines.join('\n');
}
