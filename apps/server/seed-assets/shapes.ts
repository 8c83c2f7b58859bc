// The drawing kit of the demo images: the palette, a seeded random generator and the shapes the
// scenes are made of (towers, water, palms, keys, coins), each returning SVG markup.

export const GREEN = '#0b5d3b';
export const DEEP_GREEN = '#073d27';
export const GOLD = '#f2c14e';
export const SAND = '#e9d8a6';

export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export type Rand = () => number;

export function svg(width: number, height: number, body: string, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export function linear(id: string, stops: [number, string][], vertical = true) {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}>${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

/** Lit windows in a grid over a building face. */
export function windows(x: number, y: number, w: number, h: number, rand: Rand, lit: string, density = 0.45) {
  const out: string[] = [];
  const cols = Math.max(1, Math.floor(w / 14));
  const rows = Math.max(1, Math.floor(h / 18));
  const cw = w / cols;
  const rh = h / rows;
  for (let r = 1; r < rows - 1; r++) {
    for (let c = 0; c < cols; c++) {
      if (rand() < density) {
        out.push(
          `<rect x="${(x + c * cw + cw * 0.25).toFixed(1)}" y="${(y + r * rh + rh * 0.25).toFixed(1)}" width="${(cw * 0.5).toFixed(1)}" height="${(rh * 0.45).toFixed(1)}" fill="${lit}" opacity="${(0.55 + rand() * 0.45).toFixed(2)}"/>`,
        );
      }
    }
  }
  return out.join('');
}

/** A tiered needle tower in the manner of the city's tallest building. */
export function needleTower(cx: number, base: number, height: number, fill: string) {
  const tiers = [
    [0.16, 0.0],
    [0.12, 0.22],
    [0.09, 0.42],
    [0.065, 0.6],
    [0.04, 0.75],
    [0.022, 0.86],
  ] as const;
  const parts = tiers.map(([halfWidthRatio, startRatio], i) => {
    const next = tiers[i + 1]?.[1] ?? 0.93;
    const hw = halfWidthRatio * height * 0.5;
    const top = base - next * height;
    const bottom = base - startRatio * height;
    return `<rect x="${(cx - hw).toFixed(1)}" y="${top.toFixed(1)}" width="${(hw * 2).toFixed(1)}" height="${(bottom - top).toFixed(1)}" fill="${fill}"/>`;
  });
  parts.push(
    `<polygon points="${cx - 3},${base - 0.93 * height} ${cx + 3},${base - 0.93 * height} ${cx},${base - height}" fill="${fill}"/>`,
  );
  return parts.join('');
}

/** A sail-shaped hotel silhouette. */
export function sail(x: number, base: number, h: number, fill: string) {
  return `<path d="M${x} ${base} L${x} ${base - h} Q${x + h * 0.45} ${base - h * 0.55} ${x + h * 0.32} ${base} Z" fill="${fill}"/><rect x="${x - 4}" y="${base - h - 18}" width="4" height="${h + 18}" fill="${fill}"/>`;
}

export function skyline(
  width: number,
  base: number,
  rand: Rand,
  opts: { fill: string; lit: string; minH: number; maxH: number; density?: number; gap?: number },
) {
  const out: string[] = [];
  let x = -10;
  while (x < width + 10) {
    const w = 30 + rand() * 60;
    const h = opts.minH + rand() * (opts.maxH - opts.minH);
    const top = base - h;
    out.push(
      `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${opts.fill}"/>`,
    );
    if (rand() < 0.3) {
      // A stepped crown on some towers.
      out.push(
        `<rect x="${(x + w * 0.2).toFixed(1)}" y="${(top - 14).toFixed(1)}" width="${(w * 0.6).toFixed(1)}" height="14" fill="${opts.fill}"/>`,
      );
    }
    out.push(windows(x, top, w, h, rand, opts.lit, opts.density));
    x += w + (opts.gap ?? 4) + rand() * 10;
  }
  return out.join('');
}

export function water(y: number, width: number, height: number, fill: string, rand: Rand, glint: string) {
  const lines: string[] = [`<rect x="0" y="${y}" width="${width}" height="${height - y}" fill="${fill}"/>`];
  for (let i = 0; i < 60; i++) {
    const ly = y + 6 + rand() * (height - y - 10);
    const lx = rand() * width;
    const lw = 10 + rand() * 60;
    lines.push(
      `<rect x="${lx.toFixed(0)}" y="${ly.toFixed(0)}" width="${lw.toFixed(0)}" height="2" fill="${glint}" opacity="${(0.15 + rand() * 0.35).toFixed(2)}"/>`,
    );
  }
  return lines.join('');
}

export function crane(x: number, base: number, h: number, jib: number, color: string) {
  const top = base - h;
  const lattice: string[] = [];
  for (let y = base; y > top; y -= 16) {
    lattice.push(`<line x1="${x}" y1="${y}" x2="${x + 10}" y2="${y - 16}" stroke="${color}" stroke-width="1.5"/>`);
  }
  return `<g><rect x="${x}" y="${top}" width="10" height="${h}" fill="none" stroke="${color}" stroke-width="3"/>${lattice.join('')}<rect x="${x - jib * 0.25}" y="${top - 8}" width="${jib}" height="8" fill="${color}"/><line x1="${x + 5}" y1="${top - 40}" x2="${x - jib * 0.25}" y2="${top - 8}" stroke="${color}" stroke-width="2"/><line x1="${x + 5}" y1="${top - 40}" x2="${x + jib * 0.75}" y2="${top - 8}" stroke="${color}" stroke-width="2"/><rect x="${x + 2}" y="${top - 40}" width="6" height="32" fill="${color}"/><line x1="${x + jib * 0.6}" y1="${top}" x2="${x + jib * 0.6}" y2="${top + h * 0.4}" stroke="${color}" stroke-width="1.5"/><rect x="${x + jib * 0.6 - 9}" y="${top + h * 0.4}" width="18" height="10" fill="${GOLD}"/></g>`;
}

/** A tower under construction: finished floors below, bare frame above. */
export function frameTower(x: number, base: number, w: number, h: number, done: number, rand: Rand) {
  const top = base - h;
  const split = base - h * done;
  const out = [
    `<rect x="${x}" y="${split}" width="${w}" height="${base - split}" fill="#5b7083"/>`,
    windows(x, split, w, base - split, rand, '#cfe8f7', 0.8),
  ];
  for (let y = split; y >= top; y -= 20)
    out.push(`<line x1="${x}" y1="${y}" x2="${x + w}" y2="${y}" stroke="#8a9aa8" stroke-width="3"/>`);
  for (let c = 0; c <= 4; c++) {
    const cx = x + (w * c) / 4;
    out.push(`<line x1="${cx}" y1="${split}" x2="${cx}" y2="${top}" stroke="#8a9aa8" stroke-width="3"/>`);
  }
  return out.join('');
}

export function palm(x: number, base: number, h: number, color: string) {
  const top = base - h;
  const leaves = [-70, -35, -5, 25, 60, 100, 140]
    .map(
      (angle) =>
        `<path d="M0 0 Q${h * 0.2} ${-h * 0.12} ${h * 0.38} ${h * 0.05} Q${h * 0.2} ${-h * 0.04} 0 0 Z" fill="${color}" transform="translate(${x} ${top}) rotate(${angle})"/>`,
    )
    .join('');
  return `<path d="M${x - 5} ${base} Q${x - 12} ${base - h * 0.5} ${x} ${top} L${x + 4} ${top} Q${x - 4} ${base - h * 0.5} ${x + 5} ${base} Z" fill="${color}"/>${leaves}`;
}

export function key(cx: number, cy: number, scale: number, color: string, rotate: number) {
  return `<g transform="translate(${cx} ${cy}) rotate(${rotate}) scale(${scale})"><circle cx="0" cy="0" r="60" fill="none" stroke="${color}" stroke-width="26"/><rect x="48" y="-13" width="240" height="26" rx="6" fill="${color}"/><rect x="220" y="10" width="22" height="42" fill="${color}"/><rect x="255" y="10" width="18" height="30" fill="${color}"/><rect x="185" y="10" width="16" height="24" fill="${color}"/></g>`;
}

export function house(x: number, base: number, w: number, fill: string, roof: string, door: string) {
  const h = w * 0.6;
  return `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${fill}"/><polygon points="${x - w * 0.1},${base - h} ${x + w / 2},${base - h - w * 0.42} ${x + w * 1.1},${base - h}" fill="${roof}"/><rect x="${x + w * 0.42}" y="${base - h * 0.55}" width="${w * 0.16}" height="${h * 0.55}" fill="${door}"/><rect x="${x + w * 0.12}" y="${base - h * 0.75}" width="${w * 0.18}" height="${w * 0.14}" fill="${door}" opacity="0.8"/><rect x="${x + w * 0.7}" y="${base - h * 0.75}" width="${w * 0.18}" height="${w * 0.14}" fill="${door}" opacity="0.8"/>`;
}

export function coins(x: number, base: number, count: number, color: string, edge: string) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = base - i * 14;
    out.push(
      `<ellipse cx="${x}" cy="${y}" rx="44" ry="12" fill="${edge}"/><ellipse cx="${x}" cy="${y - 5}" rx="44" ry="12" fill="${color}"/>`,
    );
  }
  return out.join('');
}

export function gridLines(width: number, height: number, step: number, color: string, opacity: number) {
  const out: string[] = [];
  for (let x = step; x < width; x += step)
    out.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="${color}" stroke-opacity="${opacity}"/>`);
  for (let y = step; y < height; y += step)
    out.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="${color}" stroke-opacity="${opacity}"/>`);
  return out.join('');
}
