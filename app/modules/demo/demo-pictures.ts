/**
 * The demo content's pictures as SVG text: the media process renders them (sharp), so the web
 * server never loads libvips for them (decision record 0011).
 */

/** A landscape-like scene drawn as SVG: sky gradient, sun, hills; rendered at the given size. */
export function sceneSvg(width: number, height: number, { sky, ground, sun }: SceneColours) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#s)"/>
  <circle cx="${width * 0.68}" cy="${height * 0.42}" r="${height * 0.12}" fill="${sun}"/>
  <path d="M0 ${height * 0.72} Q ${width * 0.25} ${height * 0.55} ${width * 0.5} ${height * 0.7} T ${width} ${height * 0.66} V ${height} H 0 Z" fill="${ground}"/>
  <path d="M0 ${height * 0.85} Q ${width * 0.4} ${height * 0.74} ${width} ${height * 0.88} V ${height} H 0 Z" fill="${ground}" opacity="0.7"/>
</svg>`;
}

export interface SceneColours {
  sky: [string, string];
  ground: string;
  sun: string;
}

/** A flat geometric illustration as SVG text (a vector, as sellers upload them). */
export function geometricSvg(colours: string[]): string {
  const shapes = colours
    .map(
      (colour, index) =>
        `<rect x="${40 + index * 90}" y="${60 + (index % 2) * 80}" width="160" height="160" rx="24" fill="${colour}" opacity="0.85" transform="rotate(${index * 12} 300 200)"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400"><rect width="600" height="400" fill="#fdf6ec"/>${shapes}</svg>`;
}
