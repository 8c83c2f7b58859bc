// The demo images' scenes, each drawn at the size asked for from the shapes in shapes.ts.

import {
  coins,
  crane,
  DEEP_GREEN,
  frameTower,
  GOLD,
  GREEN,
  gridLines,
  house,
  key,
  linear,
  needleTower,
  palm,
  random,
  sail,
  SAND,
  skyline,
  svg,
  water,
  windows,
} from './shapes.ts';

export function duskSkyline(width: number, height: number) {
  const rand = random(7);
  const horizon = height * 0.74;
  const defs =
    linear('sky', [
      [0, '#13294b'],
      [0.45, '#6b3f69'],
      [0.75, '#e07a5f'],
      [1, '#f6bd60'],
    ]) +
    linear('sea', [
      [0, '#2b3a55'],
      [1, '#0d1b2a'],
    ]);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${width * 0.7}" cy="${horizon - 120}" r="${height * 0.09}" fill="#ffd9a0" opacity="0.9"/>`,
    skyline(width, horizon, rand, { fill: '#3d3358', lit: '#ffd166', minH: 90, maxH: 230, density: 0.15 }),
    needleTower(width * 0.42, horizon, height * 0.68, '#1b1b33'),
    sail(width * 0.12, horizon, height * 0.3, '#1b1b33'),
    skyline(width, horizon, rand, { fill: '#1b1b33', lit: '#ffd166', minH: 60, maxH: 200, density: 0.35, gap: 30 }),
    water(horizon, width, height, 'url(#sea)', rand, '#f6bd60'),
  ].join('');
  return svg(width, height, body, defs);
}

export function marinaNight(width: number, height: number) {
  const rand = random(11);
  const horizon = height * 0.66;
  const defs =
    linear('sky', [
      [0, '#050b1f'],
      [1, '#1d3557'],
    ]) +
    linear('sea', [
      [0, '#14213d'],
      [1, '#03071e'],
    ]);
  const stars = Array.from({ length: 70 }, () => {
    const x = rand() * width;
    const y = rand() * horizon * 0.6;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(0.6 + rand() * 1.2).toFixed(1)}" fill="#fff" opacity="${(0.3 + rand() * 0.6).toFixed(2)}"/>`;
  }).join('');
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    stars,
    `<circle cx="${width * 0.82}" cy="${height * 0.16}" r="28" fill="#f1faee"/>`,
    skyline(width, horizon, rand, { fill: '#22304d', lit: '#ffe8a3', minH: 140, maxH: 330, density: 0.5, gap: 2 }),
    skyline(width, horizon, rand, { fill: '#101a30', lit: '#ffd166', minH: 60, maxH: 170, density: 0.45, gap: 16 }),
    water(horizon, width, height, 'url(#sea)', rand, '#ffd166'),
  ].join('');
  return svg(width, height, body, defs);
}

export function offPlan(width: number, height: number) {
  const rand = random(23);
  const ground = height * 0.82;
  const defs = linear('sky', [
    [0, '#8ecae6'],
    [1, '#e8f6ff'],
  ]);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${width * 0.86}" cy="${height * 0.16}" r="${height * 0.07}" fill="#fff3c4"/>`,
    skyline(width, ground, rand, { fill: '#b8cfe0', lit: '#e3f1fb', minH: 80, maxH: 180, density: 0.3, gap: 18 }),
    frameTower(width * 0.18, ground, width * 0.12, height * 0.62, 0.55, rand),
    frameTower(width * 0.52, ground, width * 0.15, height * 0.72, 0.35, rand),
    `<rect x="${width * 0.76}" y="${ground - height * 0.5}" width="${width * 0.11}" height="${height * 0.5}" fill="#3f5a6e"/>`,
    windows(width * 0.76, ground - height * 0.5, width * 0.11, height * 0.5, rand, '#cfe8f7', 0.85),
    crane(width * 0.34, ground, height * 0.7, width * 0.3, '#e0a100'),
    crane(width * 0.68, ground, height * 0.58, width * 0.22, '#e0a100'),
    `<rect x="0" y="${ground}" width="${width}" height="${height - ground}" fill="${SAND}"/>`,
    `<rect x="0" y="${ground}" width="${width}" height="6" fill="#d4c08a"/>`,
  ].join('');
  return svg(width, height, body, defs);
}

export function goldenVisa(width: number, height: number) {
  const defs =
    linear('bg', [
      [0, GREEN],
      [1, DEEP_GREEN],
    ]) +
    linear(
      'card',
      [
        [0, '#f9d976'],
        [1, '#d4a017'],
      ],
      false,
    );
  const cw = width * 0.5;
  const ch = cw * 0.63;
  const cx = width * 0.25;
  const cy = height * 0.5 - ch / 2;
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    gridLines(width, height, 48, '#ffffff', 0.05),
    `<rect x="${cx + 18}" y="${cy + 18}" width="${cw}" height="${ch}" rx="22" fill="#000" opacity="0.25"/>`,
    `<rect x="${cx}" y="${cy}" width="${cw}" height="${ch}" rx="22" fill="url(#card)"/>`,
    `<circle cx="${cx + cw * 0.24}" cy="${cy + ch * 0.45}" r="${ch * 0.22}" fill="none" stroke="${DEEP_GREEN}" stroke-width="8"/>`,
    palm(cx + cw * 0.24, cy + ch * 0.6, ch * 0.32, DEEP_GREEN),
    ...[0.3, 0.45, 0.6].map(
      (r, i) =>
        `<rect x="${cx + cw * 0.48}" y="${cy + ch * r}" width="${cw * (0.42 - i * 0.08)}" height="${ch * 0.06}" rx="6" fill="${DEEP_GREEN}" opacity="0.75"/>`,
    ),
    `<rect x="${cx + cw * 0.07}" y="${cy + ch * 0.8}" width="${cw * 0.86}" height="${ch * 0.06}" rx="6" fill="${DEEP_GREEN}" opacity="0.35"/>`,
    `<circle cx="${width * 0.85}" cy="${height * 0.22}" r="${height * 0.1}" fill="${GOLD}" opacity="0.25"/>`,
  ].join('');
  return svg(width, height, body, defs);
}

export function mortgage(width: number, height: number) {
  const base = height * 0.8;
  const body = [
    `<rect width="${width}" height="${height}" fill="#f4efe6"/>`,
    `<circle cx="${width * 0.3}" cy="${height * 0.48}" r="${height * 0.36}" fill="#dfeee5"/>`,
    house(width * 0.16, base, width * 0.28, '#ffffff', GREEN, '#2a6f97'),
    `<rect x="0" y="${base}" width="${width}" height="${height - base}" fill="#d8cfc0"/>`,
    coins(width * 0.58, base - 4, 4, GOLD, '#c99a20'),
    coins(width * 0.68, base - 4, 7, GOLD, '#c99a20'),
    // A percent sign drawn with shapes.
    `<g transform="translate(${width * 0.8} ${height * 0.3})"><circle cx="-34" cy="-34" r="22" fill="none" stroke="${GREEN}" stroke-width="14"/><circle cx="34" cy="34" r="22" fill="none" stroke="${GREEN}" stroke-width="14"/><line x1="40" y1="-50" x2="-40" y2="50" stroke="${GREEN}" stroke-width="14" stroke-linecap="round"/></g>`,
  ].join('');
  return svg(width, height, body);
}

export function marketCharts(width: number, height: number, variant: 0 | 1 = 0) {
  const rand = random(variant ? 41 : 31);
  const bg = variant ? '#0f2a1f' : '#fbf8f1';
  const axis = variant ? '#9fb8ab' : '#6b705c';
  const left = width * 0.1;
  const right = width * 0.92;
  const bottom = height * 0.84;
  const top = height * 0.14;
  const n = 9;
  const bw = ((right - left) / n) * 0.6;
  const bars: string[] = [];
  const points: string[] = [];
  let v = 0.25;
  for (let i = 0; i < n; i++) {
    v = Math.min(0.95, v + 0.03 + rand() * 0.09 - (rand() < 0.2 ? 0.08 : 0));
    const x = left + ((right - left) / n) * i + bw * 0.3;
    const h = (bottom - top) * v * 0.75;
    bars.push(
      `<rect x="${x.toFixed(1)}" y="${(bottom - h).toFixed(1)}" width="${bw.toFixed(1)}" height="${h.toFixed(1)}" rx="4" fill="${variant ? '#2d8a5f' : GREEN}" opacity="${variant ? 0.9 : 0.85}"/>`,
    );
    points.push(`${(x + bw / 2).toFixed(1)},${(bottom - (bottom - top) * v).toFixed(1)}`);
  }
  const last = points[points.length - 1]?.split(',') ?? ['0', '0'];
  const body = [
    `<rect width="${width}" height="${height}" fill="${bg}"/>`,
    ...[0.25, 0.5, 0.75].map(
      (r) =>
        `<line x1="${left}" y1="${bottom - (bottom - top) * r}" x2="${right}" y2="${bottom - (bottom - top) * r}" stroke="${axis}" stroke-opacity="0.35" stroke-dasharray="6 6"/>`,
    ),
    bars.join(''),
    `<polyline points="${points.join(' ')}" fill="none" stroke="${GOLD}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>`,
    ...points.map(
      (p) =>
        `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="7" fill="${GOLD}" stroke="${bg}" stroke-width="3"/>`,
    ),
    `<polygon points="${Number(last[0]) + 14},${Number(last[1]) - 26} ${Number(last[0]) + 36},${Number(last[1]) - 4} ${Number(last[0]) + 4},${Number(last[1]) - 2}" fill="${GOLD}"/>`,
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="${axis}" stroke-width="3"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="${axis}" stroke-width="3"/>`,
  ].join('');
  return svg(width, height, body);
}

export function holidayHome(width: number, height: number) {
  const rand = random(53);
  const sea = height * 0.55;
  const beach = height * 0.72;
  const defs =
    linear('sky', [
      [0, '#48cae4'],
      [1, '#caf0f8'],
    ]) +
    linear('sea', [
      [0, '#0096c7'],
      [1, '#48cae4'],
    ]);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${width * 0.16}" cy="${height * 0.18}" r="${height * 0.08}" fill="#fff3b0"/>`,
    skyline(width * 0.5, sea, rand, {
      fill: '#90b4c8',
      lit: '#e0f2fb',
      minH: 30,
      maxH: 110,
      density: 0.2,
      gap: 12,
    }).replace(/<rect x="(-?[\d.]+)"/g, (_m, x) => `<rect x="${(Number(x) + width * 0.5).toFixed(1)}"`),
    water(sea, width, beach, 'url(#sea)', rand, '#ffffff'),
    `<path d="M0 ${beach} Q${width * 0.5} ${beach - 30} ${width} ${beach} L${width} ${height} L0 ${height} Z" fill="${SAND}"/>`,
    // A low villa with a pool.
    `<rect x="${width * 0.42}" y="${beach - 8}" width="${width * 0.42}" height="${height * 0.12}" fill="#ffffff"/>`,
    `<rect x="${width * 0.48}" y="${beach - height * 0.16}" width="${width * 0.3}" height="${height * 0.16}" fill="#fefae0"/>`,
    `<rect x="${width * 0.46}" y="${beach - height * 0.18}" width="${width * 0.34}" height="${height * 0.025}" fill="#6c584c"/>`,
    ...[0.51, 0.59, 0.67].map(
      (r) =>
        `<rect x="${width * r}" y="${beach - height * 0.13}" width="${width * 0.06}" height="${height * 0.1}" fill="#5fa8d3"/>`,
    ),
    `<rect x="${width * 0.45}" y="${beach + height * 0.05}" width="${width * 0.2}" height="${height * 0.05}" rx="6" fill="#00b4d8"/>`,
    palm(width * 0.3, height * 0.92, height * 0.42, '#2d6a4f'),
    palm(width * 0.9, height * 0.9, height * 0.36, '#2d6a4f'),
  ].join('');
  return svg(width, height, body, defs);
}

export function blueprint(width: number, height: number) {
  const s = '#dbeafe';
  const x = width * 0.14;
  const y = height * 0.16;
  const w = width * 0.5;
  const h = height * 0.66;
  const body = [
    `<rect width="${width}" height="${height}" fill="#1e40af"/>`,
    gridLines(width, height, 24, '#ffffff', 0.08),
    gridLines(width, height, 120, '#ffffff', 0.16),
    `<g fill="none" stroke="${s}" stroke-width="5">`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`,
    `<line x1="${x + w * 0.45}" y1="${y}" x2="${x + w * 0.45}" y2="${y + h * 0.55}"/>`,
    `<line x1="${x}" y1="${y + h * 0.55}" x2="${x + w * 0.3}" y2="${y + h * 0.55}"/>`,
    `<line x1="${x + w * 0.45}" y1="${y + h * 0.55}" x2="${x + w}" y2="${y + h * 0.55}"/>`,
    `<line x1="${x + w * 0.7}" y1="${y + h * 0.55}" x2="${x + w * 0.7}" y2="${y + h}"/>`,
    `<path d="M${x + w * 0.3} ${y + h * 0.55} A ${w * 0.15} ${w * 0.15} 0 0 1 ${x + w * 0.45} ${y + h * 0.55 + w * 0.15}" stroke-width="2"/>`,
    '</g>',
    `<g stroke="${s}" stroke-width="2"><line x1="${x}" y1="${y - 24}" x2="${x + w}" y2="${y - 24}"/><line x1="${x}" y1="${y - 32}" x2="${x}" y2="${y - 16}"/><line x1="${x + w}" y1="${y - 32}" x2="${x + w}" y2="${y - 16}"/></g>`,
    `<rect x="${x + w * 0.06}" y="${y + h * 0.08}" width="${w * 0.3}" height="${h * 0.16}" fill="${s}" opacity="0.18"/>`,
    key(width * 0.72, height * 0.62, 0.55, GOLD, -30),
    `<circle cx="${width * 0.8}" cy="${height * 0.26}" r="${height * 0.12}" fill="none" stroke="${GOLD}" stroke-width="6"/>`,
    `<polygon points="${width * 0.8},${height * 0.16} ${width * 0.815},${height * 0.26} ${width * 0.8},${height * 0.36} ${width * 0.785},${height * 0.26}" fill="${GOLD}"/>`,
  ].join('');
  return svg(width, height, body);
}

export function keysHandover(width: number, height: number) {
  const defs = linear('bg', [
    [0, '#0e6b45'],
    [1, DEEP_GREEN],
  ]);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<circle cx="${width * 0.5}" cy="${height * 0.5}" r="${height * 0.42}" fill="#ffffff" opacity="0.06"/>`,
    key(width * 0.28, height * 0.42, 1.05, GOLD, 18),
    key(width * 0.36, height * 0.66, 0.8, '#e9c46a', -12),
    // A house-shaped key tag on a ring.
    `<circle cx="${width * 0.74}" cy="${height * 0.3}" r="22" fill="none" stroke="#e9c46a" stroke-width="6"/>`,
    `<polygon points="${width * 0.74},${height * 0.36} ${width * 0.84},${height * 0.46} ${width * 0.84},${height * 0.7} ${width * 0.64},${height * 0.7} ${width * 0.64},${height * 0.46}" fill="#fefae0"/>`,
    `<rect x="${width * 0.72}" y="${height * 0.56}" width="${width * 0.04}" height="${height * 0.14}" fill="${GREEN}"/>`,
  ].join('');
  return svg(width, height, body, defs);
}

export function balconyView(width: number, height: number) {
  const rand = random(67);
  const horizon = height * 0.7;
  const defs =
    linear('sky', [
      [0, '#ffcf99'],
      [0.6, '#ffe8cc'],
      [1, '#fff7ea'],
    ]) +
    linear('sea', [
      [0, '#7fb3c8'],
      [1, '#4f8aa3'],
    ]);
  const rail: string[] = [];
  for (let x = 0; x <= width; x += 36)
    rail.push(`<rect x="${x}" y="${height * 0.78}" width="8" height="${height * 0.22}" fill="#3a3a3a"/>`);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${width * 0.28}" cy="${horizon - 60}" r="${height * 0.1}" fill="#ffb26b" opacity="0.8"/>`,
    skyline(width, horizon, rand, { fill: '#c9a98f', lit: '#fff1d6', minH: 80, maxH: 200, density: 0.2, gap: 26 }),
    needleTower(width * 0.62, horizon, height * 0.62, '#8c6e5d'),
    skyline(width, horizon, rand, { fill: '#a3826c', lit: '#fff1d6', minH: 40, maxH: 120, density: 0.25, gap: 40 }),
    water(horizon, width, height, 'url(#sea)', rand, '#ffffff'),
    `<rect x="0" y="${height * 0.76}" width="${width}" height="14" fill="#2b2b2b"/>`,
    rail.join(''),
    palm(width * 0.08, height, height * 0.55, '#2d6a4f'),
  ].join('');
  return svg(width, height, body, defs);
}

export function rentalYield(width: number, height: number) {
  const rand = random(71);
  const base = height * 0.84;
  const body = [
    `<rect width="${width}" height="${height}" fill="#eef6f1"/>`,
    `<rect x="${width * 0.14}" y="${base - height * 0.62}" width="${width * 0.24}" height="${height * 0.62}" fill="${GREEN}"/>`,
    windows(width * 0.14, base - height * 0.62, width * 0.24, height * 0.62, rand, '#bfe3cf', 0.9),
    `<rect x="${width * 0.4}" y="${base - height * 0.38}" width="${width * 0.14}" height="${height * 0.38}" fill="#2d8a5f"/>`,
    windows(width * 0.4, base - height * 0.38, width * 0.14, height * 0.38, rand, '#bfe3cf', 0.9),
    `<rect x="0" y="${base}" width="${width}" height="${height - base}" fill="#cfe1d6"/>`,
    coins(width * 0.66, base - 6, 3, GOLD, '#c99a20'),
    coins(width * 0.76, base - 6, 5, GOLD, '#c99a20'),
    coins(width * 0.86, base - 6, 8, GOLD, '#c99a20'),
    `<path d="M${width * 0.6} ${height * 0.45} L${width * 0.74} ${height * 0.33} L${width * 0.8} ${height * 0.38} L${width * 0.9} ${height * 0.22}" fill="none" stroke="${GREEN}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<polygon points="${width * 0.93},${height * 0.17} ${width * 0.925},${height * 0.27} ${width * 0.87},${height * 0.21}" fill="${GREEN}"/>`,
  ].join('');
  return svg(width, height, body);
}

export function fallbackThumbnail(width: number, height: number) {
  const rand = random(83);
  const defs = linear('bg', [
    [0, '#0e6b45'],
    [1, DEEP_GREEN],
  ]);
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    skyline(width, height * 0.86, rand, {
      fill: '#0a4d31',
      lit: '#1a7a50',
      minH: 60,
      maxH: 220,
      density: 0.3,
      gap: 10,
    }),
    needleTower(width * 0.5, height * 0.86, height * 0.62, '#083b26'),
    `<rect x="0" y="${height * 0.86}" width="${width}" height="${height * 0.14}" fill="#062e1e"/>`,
    `<circle cx="${width * 0.5}" cy="${height * 0.4}" r="${height * 0.2}" fill="none" stroke="${GOLD}" stroke-width="10" opacity="0.9"/>`,
    `<polygon points="${width * 0.46},${height * 0.32} ${width * 0.46},${height * 0.48} ${width * 0.56},${height * 0.4}" fill="${GOLD}"/>`,
  ].join('');
  return svg(width, height, body, defs);
}

export function placeholder(width: number, height: number) {
  const body = [
    `<rect width="${width}" height="${height}" fill="#e9ece8"/>`,
    `<g transform="translate(${width / 2 - 120} ${height / 2 - 90})">`,
    '<rect x="0" y="0" width="240" height="180" rx="18" fill="#d5dbd4"/>',
    '<circle cx="170" cy="55" r="22" fill="#b9c4b7"/>',
    '<polygon points="20,160 95,70 150,130 175,105 220,160" fill="#a7b4a5"/>',
    '</g>',
  ].join('');
  return svg(width, height, body);
}
