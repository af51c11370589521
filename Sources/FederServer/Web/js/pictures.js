// Every picture the child sees, drawn as small inline SVG by our own code: avatars, worlds, plants,
// stickers, the jar, flames and Werkstatt's prompts. Pictures replace words for a child who cannot read.

const COLOURS = { rot: "#ef4444", orange: "#f97316", gelb: "#eab308", gruen: "#22c55e", blau: "#3b82f6", lila: "#a855f7" };
export const colourNames = Object.keys(COLOURS);
export const colourValue = (name) => COLOURS[name] ?? COLOURS.blau;

const svg = (body, viewBox = "0 0 100 100", cls = "pic") =>
  `<svg class="${cls}" viewBox="${viewBox}" aria-hidden="true" focusable="false">${body}</svg>`;

const eyes = (y = 48, dx = 12, r = 5) =>
  `<circle cx="${50 - dx}" cy="${y}" r="${r}" fill="#1f2937"/><circle cx="${50 + dx}" cy="${y}" r="${r}" fill="#1f2937"/>` +
  `<circle cx="${50 - dx + 1.5}" cy="${y - 1.5}" r="1.6" fill="#fff"/><circle cx="${50 + dx + 1.5}" cy="${y - 1.5}" r="1.6" fill="#fff"/>`;
const smile = (y = 64, w = 8) => `<path d="M${50 - w} ${y} Q50 ${y + 7} ${50 + w} ${y}" fill="none" stroke="#1f2937" stroke-width="3" stroke-linecap="round"/>`;
const nose = (y = 58, c = "#1f2937") => `<ellipse cx="50" cy="${y}" rx="4.5" ry="3.5" fill="${c}"/>`;

const ANIMALS = {
  fuchs: () => `<path d="M22 20 L36 42 L26 48Z M78 20 L64 42 L74 48Z" fill="#ea580c"/><path d="M20 40 Q50 20 80 40 L50 82Z" fill="#f97316"/><path d="M34 58 Q50 84 66 58 L50 82Z" fill="#fff7ed"/>${eyes(50, 13, 4.5)}${nose(72)}`,
  igel: () => `<path d="M14 62 L20 30 L30 40 L36 16 L46 34 L54 14 L62 34 L70 18 L74 40 L84 30 L86 62Z" fill="#78350f"/><ellipse cx="50" cy="62" rx="30" ry="22" fill="#d6a77a"/>${eyes(58, 11, 4)}${nose(68)}${smile(74, 5)}`,
  hase: () => `<ellipse cx="38" cy="24" rx="7" ry="20" fill="#e5e7eb"/><ellipse cx="62" cy="24" rx="7" ry="20" fill="#e5e7eb"/><ellipse cx="38" cy="26" rx="3" ry="14" fill="#fbcfe8"/><ellipse cx="62" cy="26" rx="3" ry="14" fill="#fbcfe8"/><circle cx="50" cy="60" r="26" fill="#f3f4f6"/>${eyes(56, 10, 4)}${nose(65, "#f472b6")}${smile(72, 5)}`,
  baer: () => `<circle cx="28" cy="32" r="11" fill="#92400e"/><circle cx="72" cy="32" r="11" fill="#92400e"/><circle cx="50" cy="56" r="30" fill="#b45309"/><ellipse cx="50" cy="66" rx="13" ry="10" fill="#fde68a"/>${eyes(50)}${nose(63)}${smile(71, 5)}`,
  katze: () => `<path d="M24 18 L40 36 L24 44Z M76 18 L60 36 L76 44Z" fill="#9ca3af"/><circle cx="50" cy="56" r="28" fill="#9ca3af"/>${eyes(52)}${nose(62, "#f472b6")}${smile(69, 5)}<path d="M28 62 L12 58 M28 66 L12 68 M72 62 L88 58 M72 66 L88 68" stroke="#374151" stroke-width="2"/>`,
  eule: () => `<path d="M24 22 L36 34 L30 40Z M76 22 L64 34 L70 40Z" fill="#7c2d12"/><ellipse cx="50" cy="58" rx="30" ry="32" fill="#a16207"/><circle cx="38" cy="48" r="11" fill="#fef3c7"/><circle cx="62" cy="48" r="11" fill="#fef3c7"/>${eyes(48, 12, 5)}<path d="M45 58 L55 58 L50 68Z" fill="#f59e0b"/>`,
  maus: () => `<circle cx="26" cy="32" r="16" fill="#9ca3af"/><circle cx="74" cy="32" r="16" fill="#9ca3af"/><circle cx="26" cy="32" r="9" fill="#fbcfe8"/><circle cx="74" cy="32" r="9" fill="#fbcfe8"/><ellipse cx="50" cy="60" rx="24" ry="24" fill="#d1d5db"/>${eyes(55, 9, 4)}${nose(67, "#f472b6")}`,
  frosch: () => `<circle cx="34" cy="34" r="12" fill="#16a34a"/><circle cx="66" cy="34" r="12" fill="#16a34a"/><ellipse cx="50" cy="60" rx="32" ry="24" fill="#22c55e"/>${eyes(34, 16, 6)}<path d="M30 64 Q50 80 70 64" fill="none" stroke="#14532d" stroke-width="3" stroke-linecap="round"/>`,
  pinguin: () => `<ellipse cx="50" cy="54" rx="30" ry="34" fill="#1f2937"/><ellipse cx="50" cy="60" rx="20" ry="26" fill="#f9fafb"/>${eyes(46, 9, 4)}<path d="M44 56 L56 56 L50 64Z" fill="#f59e0b"/>`,
  loewe: () => `<circle cx="50" cy="52" r="38" fill="#b45309"/><circle cx="50" cy="54" r="26" fill="#fbbf24"/>${eyes(50, 10, 4)}${nose(60)}${smile(67, 6)}`,
  elefant: () => `<ellipse cx="22" cy="48" rx="16" ry="22" fill="#94a3b8"/><ellipse cx="78" cy="48" rx="16" ry="22" fill="#94a3b8"/><circle cx="50" cy="46" r="24" fill="#cbd5e1"/><path d="M44 56 Q44 80 56 86 L60 80 Q52 76 56 56Z" fill="#cbd5e1"/>${eyes(42, 10, 4)}`,
  schildkroete: () => `<ellipse cx="50" cy="62" rx="34" ry="22" fill="#15803d"/><path d="M30 62 L50 46 L70 62 L50 78Z" fill="#166534"/><circle cx="50" cy="30" r="14" fill="#86efac"/>${eyes(28, 6, 3)}${smile(36, 4)}`,
};

/** An animal on a coloured disc: a child's avatar. */
export function avatar(animal, colour) {
  const draw = ANIMALS[animal] ?? ANIMALS.eule;
  // The animal sits on a pale disc inside its colour: an orange fox on orange was hardly there.
  return svg(`<circle cx="50" cy="50" r="48" fill="${colourValue(colour)}"/><circle cx="50" cy="50" r="37" fill="#fff" fill-opacity=".7"/><g transform="translate(8 8) scale(.84)">${draw()}</g>`, "0 0 100 100", "pic avatar-pic");
}
export const animals = Object.keys(ANIMALS);

export const worlds = {
  // A schoolhouse with its bell tower (not a plain house: "Nach Hause" is one); a red roof and a
  // wooden door that stand out on the light and the dark tile alike.
  schule: () => svg(`<rect x="14" y="46" width="72" height="42" rx="4" fill="#93c5fd"/><path d="M8 49 L50 25 L92 49Z" fill="#ef4444"/><rect x="42" y="12" width="16" height="20" fill="#93c5fd"/><path d="M38 14 L50 3 L62 14Z" fill="#ef4444"/><path d="M45 27 Q45 17 50 17 Q55 17 55 27Z" fill="#f59e0b"/><circle cx="50" cy="28" r="2" fill="#f59e0b"/><rect x="43" y="66" width="14" height="22" rx="7" fill="#92400e"/><rect x="21" y="54" width="12" height="11" fill="#fff"/><rect x="67" y="54" width="12" height="11" fill="#fff"/><rect x="21" y="71" width="12" height="11" fill="#fff"/><rect x="67" y="71" width="12" height="11" fill="#fff"/>`),
  werkstatt: () => svg(`<rect x="14" y="20" width="72" height="64" rx="8" fill="#fffbeb" stroke="#d97706" stroke-width="4"/><path d="M22 40 H78 M22 56 H78 M22 72 H78" stroke="#d97706" stroke-width="2" stroke-dasharray="3 4"/><path d="M30 66 Q40 30 50 66 Q60 34 68 60" fill="none" stroke="#10b981" stroke-width="6" stroke-linecap="round"/><path d="M74 10 L90 26 L58 58 L46 60 L48 48Z" fill="#f59e0b"/>`),
  fortschritte: () => svg(`<path d="M50 90 V52" stroke="#15803d" stroke-width="6"/><path d="M50 66 Q28 62 24 44 Q44 44 50 60 M50 58 Q70 54 76 36 Q56 36 50 52" fill="#22c55e"/><circle cx="50" cy="34" r="14" fill="#ec4899"/><circle cx="50" cy="34" r="6" fill="#fde047"/><path d="M20 16 l3 7 7 1 -5 5 1 7 -6 -3 -6 3 1 -7 -5 -5 7 -1z" fill="#f59e0b"/>`),
};

/** A letter's growth as a plant: seed, sprout, plant, bud, flower. */
export function plant(level) {
  const stem = `<path d="M50 86 V${[86, 70, 56, 44, 40][level] ?? 86}" stroke="#16a34a" stroke-width="5" stroke-linecap="round"/>`;
  const soil = `<ellipse cx="50" cy="88" rx="30" ry="8" fill="#a16207"/>`;
  const parts = [
    `<ellipse cx="50" cy="82" rx="7" ry="5" fill="#78350f"/>`,
    `<path d="M50 72 Q40 64 36 70 Q44 76 50 74 M50 72 Q60 64 64 70 Q56 76 50 74" fill="#4ade80"/>`,
    `<path d="M50 66 Q32 58 28 68 Q42 74 50 70 M50 60 Q68 52 72 62 Q58 68 50 64" fill="#22c55e"/>`,
    `<path d="M50 66 Q32 58 28 68 Q42 74 50 70 M50 60 Q68 52 72 62 Q58 68 50 64" fill="#22c55e"/><ellipse cx="50" cy="38" rx="8" ry="11" fill="#f9a8d4"/>`,
    `<path d="M50 66 Q32 58 28 68 Q42 74 50 70 M50 60 Q68 52 72 62 Q58 68 50 64" fill="#22c55e"/>` +
      [0, 72, 144, 216, 288].map((a) => `<ellipse cx="50" cy="24" rx="8" ry="12" fill="#ec4899" transform="rotate(${a} 50 36)"/>`).join("") +
      `<circle cx="50" cy="36" r="7" fill="#fde047"/>`,
  ];
  return svg(soil + stem + (parts[level] ?? parts[0]), "0 0 100 100", `pic plant level-${level}`);
}

const STICKERS = {
  sonne: `<circle cx="50" cy="50" r="20" fill="#facc15"/>` + [0, 45, 90, 135, 180, 225, 270, 315].map((a) => `<rect x="47" y="8" width="6" height="16" rx="3" fill="#f59e0b" transform="rotate(${a} 50 50)"/>`).join(""),
  regenbogen: ["#ef4444", "#f97316", "#facc15", "#22c55e", "#3b82f6"].map((c, i) => `<path d="M${14 + i * 6} 74 A${36 - i * 6} ${36 - i * 6} 0 0 1 ${86 - i * 6} 74" fill="none" stroke="${c}" stroke-width="6"/>`).join(""),
  rakete: `<path d="M50 10 Q68 30 64 66 H36 Q32 30 50 10Z" fill="#e5e7eb"/><circle cx="50" cy="38" r="8" fill="#3b82f6"/><path d="M36 56 L24 72 H38Z M64 56 L76 72 H62Z" fill="#ef4444"/><path d="M42 68 Q50 92 58 68Z" fill="#f97316"/>`,
  blume: [0, 72, 144, 216, 288].map((a) => `<ellipse cx="50" cy="28" rx="12" ry="18" fill="#f472b6" transform="rotate(${a} 50 50)"/>`).join("") + `<circle cx="50" cy="50" r="12" fill="#fde047"/>`,
  fisch: `<ellipse cx="46" cy="50" rx="30" ry="20" fill="#38bdf8"/><path d="M72 50 L92 34 V66Z" fill="#0ea5e9"/><circle cx="30" cy="46" r="4" fill="#1f2937"/>`,
  schmetterling: `<ellipse cx="32" cy="38" rx="18" ry="16" fill="#a855f7"/><ellipse cx="68" cy="38" rx="18" ry="16" fill="#a855f7"/><ellipse cx="34" cy="64" rx="14" ry="12" fill="#c084fc"/><ellipse cx="66" cy="64" rx="14" ry="12" fill="#c084fc"/><rect x="47" y="28" width="6" height="46" rx="3" fill="#1f2937"/>`,
  krone: `<path d="M16 72 L20 30 L36 50 L50 22 L64 50 L80 30 L84 72Z" fill="#facc15"/><circle cx="50" cy="60" r="5" fill="#ef4444"/>`,
  stern: `<path d="M50 8 L61 38 L93 38 L67 57 L77 89 L50 70 L23 89 L33 57 L7 38 L39 38Z" fill="#f59e0b"/>`,
  herz: `<path d="M50 86 C10 58 14 22 36 22 Q48 22 50 36 Q52 22 64 22 C86 22 90 58 50 86Z" fill="#ef4444"/>`,
  kleeblatt: [0, 90, 180, 270].map((a) => `<circle cx="50" cy="30" r="15" fill="#22c55e" transform="rotate(${a} 50 50)"/>`).join("") + `<path d="M50 50 Q56 74 70 88" stroke="#15803d" stroke-width="5" fill="none"/>`,
  mond: `<path d="M62 12 A40 40 0 1 0 88 66 A32 32 0 1 1 62 12Z" fill="#fde047"/>`,
  ballon: `<ellipse cx="50" cy="40" rx="24" ry="30" fill="#ef4444"/><path d="M50 70 Q44 80 52 90" stroke="#6b7280" stroke-width="2" fill="none"/>`,
  eis: `<path d="M34 48 L50 92 L66 48Z" fill="#d97706"/><circle cx="42" cy="40" r="14" fill="#f9a8d4"/><circle cx="58" cy="40" r="14" fill="#fde68a"/><circle cx="50" cy="26" r="13" fill="#a7f3d0"/>`,
  schiff: `<path d="M14 62 H86 L74 82 H26Z" fill="#b45309"/><path d="M50 14 V60 M50 18 L78 56 H50Z" stroke="#6b7280" stroke-width="3" fill="#f9fafb"/>`,
  baum: `<rect x="44" y="56" width="12" height="32" fill="#92400e"/><circle cx="50" cy="40" r="28" fill="#22c55e"/>`,
  pilz: `<rect x="40" y="50" width="20" height="36" rx="6" fill="#fef3c7"/><path d="M12 54 Q50 -2 88 54Z" fill="#ef4444"/><circle cx="36" cy="38" r="5" fill="#fff"/><circle cx="60" cy="30" r="6" fill="#fff"/>`,
  apfel: `<circle cx="50" cy="56" r="30" fill="#ef4444"/><path d="M50 28 Q52 16 60 12" stroke="#78350f" stroke-width="4" fill="none"/><ellipse cx="62" cy="20" rx="9" ry="5" fill="#22c55e"/>`,
  drache: `<path d="M20 70 Q30 30 60 36 Q80 40 84 24 Q88 50 64 56 Q46 60 40 78Z" fill="#16a34a"/><circle cx="74" cy="32" r="3" fill="#1f2937"/><path d="M34 46 L30 34 L40 40 M46 40 L46 28 L54 38" fill="#f59e0b"/>`,
  muschel: `<path d="M50 84 L16 44 Q50 4 84 44Z" fill="#fda4af"/>` + [30, 40, 50, 60, 70].map((x) => `<path d="M50 84 L${x} 24" stroke="#fb7185" stroke-width="2"/>`).join(""),
  wolke: `<path d="M24 72 Q8 72 12 56 Q14 42 30 46 Q34 26 54 30 Q70 20 78 40 Q94 42 90 60 Q88 72 74 72Z" fill="#e0f2fe" stroke="#7dd3fc" stroke-width="3"/>`,
};

export function sticker(name, earned = true) {
  return svg(STICKERS[name] ?? STICKERS.stern, "0 0 100 100", `pic sticker-pic${earned ? "" : " unearned"}`);
}

let jarCount = 0;

/** Today's jar, filled from 0 to 1, with marbles. */
export function jar(fill) {
  const clip = `jar-clip-${++jarCount}`;  // one id per drawing: several jars live in the page at once
  const f = Math.max(0, Math.min(1, fill || 0));
  const top = 86 - 62 * f;
  const marbles = [];
  const count = Math.round(f * 10);
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / 3), col = i % 3;
    marbles.push(`<circle cx="${36 + col * 14 + (row % 2) * 6}" cy="${80 - row * 14}" r="6" fill="${["#f472b6", "#60a5fa", "#34d399", "#fbbf24"][i % 4]}"/>`);
  }
  return svg(`<defs><clipPath id="${clip}"><path d="M26 24 H74 V84 Q74 92 66 92 H34 Q26 92 26 84Z"/></clipPath></defs>` +
    `<rect x="20" y="${top}" width="60" height="${92 - top}" fill="#fde68a" clip-path="url(#${clip})"/>${marbles.join("")}` +
    `<path d="M26 24 H74 V84 Q74 92 66 92 H34 Q26 92 26 84Z" fill="none" stroke="#94a3b8" stroke-width="4"/><rect x="22" y="12" width="56" height="12" rx="4" fill="#d97706"/>`,
  "0 0 100 100", `pic jar${f >= 1 ? " full" : ""}`);
}

export function flame(lit = true) {
  return svg(`<path d="M50 92 Q20 88 22 60 Q24 40 42 24 Q40 42 52 48 Q50 28 64 10 Q66 34 76 46 Q84 60 78 76 Q72 90 50 92Z" fill="${lit ? "#f97316" : "#d1d5db"}"/>` +
    (lit ? `<path d="M50 88 Q36 84 38 70 Q40 58 50 52 Q50 64 58 66 Q64 76 58 84Z" fill="#fde047"/>` : ""), "0 0 100 100", `pic flame${lit ? "" : " out"}`);
}

const PROMPTS = {
  maus: () => avatar("maus", "gelb"),
  apfel: () => sticker("apfel"),
  sonne: () => sticker("sonne"),
  haus: () => svg(`<path d="M12 50 L50 16 L88 50Z" fill="#ef4444"/><rect x="20" y="50" width="60" height="40" fill="#fde68a"/><rect x="44" y="64" width="14" height="26" fill="#92400e"/><rect x="26" y="58" width="12" height="12" fill="#93c5fd"/>`),
  elefant: () => avatar("elefant", "blau"),
  ball: () => svg(`<circle cx="50" cy="50" r="36" fill="#3b82f6"/><path d="M14 50 H86 M50 14 Q30 50 50 86 M50 14 Q70 50 50 86" stroke="#fff" stroke-width="4" fill="none"/>`),
  uhr: () => svg(`<circle cx="50" cy="50" r="38" fill="#fff" stroke="#1f2937" stroke-width="5"/><path d="M50 50 V24 M50 50 L68 58" stroke="#1f2937" stroke-width="5" stroke-linecap="round"/>`),
  tor: () => svg(`<path d="M14 86 V24 H86 V86" fill="none" stroke="#f9fafb" stroke-width="6"/><path d="M20 30 H80 V86 H20Z" fill="none" stroke="#9ca3af" stroke-width="1.5" stroke-dasharray="4 4"/><circle cx="50" cy="76" r="9" fill="#1f2937"/>`),
  oma: () => svg(`<circle cx="50" cy="44" r="24" fill="#fcd9b6"/><path d="M24 40 Q26 10 50 14 Q74 10 76 40 Q66 24 50 24 Q34 24 24 40Z" fill="#d1d5db"/><circle cx="40" cy="44" r="7" fill="none" stroke="#1f2937" stroke-width="2"/><circle cx="60" cy="44" r="7" fill="none" stroke="#1f2937" stroke-width="2"/>${smile(56, 7)}<path d="M22 92 Q50 66 78 92Z" fill="#a855f7"/>`),
  mama: () => svg(`<circle cx="50" cy="44" r="24" fill="#fcd9b6"/><path d="M22 58 Q18 16 50 14 Q82 16 78 58 Q72 30 50 26 Q28 30 22 58Z" fill="#92400e"/>${eyes(44, 9, 3.5)}${smile(56, 7)}<path d="M22 92 Q50 66 78 92Z" fill="#ec4899"/>`),
  auto: () => svg(`<path d="M10 66 V52 L24 50 L34 32 H66 L78 50 L90 54 V66Z" fill="#ef4444"/><rect x="38" y="36" width="12" height="12" fill="#bfdbfe"/><rect x="54" y="36" width="12" height="12" fill="#bfdbfe"/><circle cx="28" cy="68" r="9" fill="#1f2937"/><circle cx="72" cy="68" r="9" fill="#1f2937"/>`),
  igel: () => avatar("igel", "gruen"),
};

export function prompt(name) { return (PROMPTS[name] ?? PROMPTS.ball)(); }

export const icons = {
  pen: () => svg(`<path d="M70 10 L90 30 L38 82 L14 88 L20 64Z" fill="#f59e0b"/><path d="M20 64 L38 82 L14 88Z" fill="#fde68a"/><path d="M14 88 L18 76 L26 84Z" fill="#1f2937"/>`),
  finger: () => svg(`<path d="M40 90 Q26 70 28 56 L30 44 Q34 40 38 46 V18 Q38 10 45 10 Q52 10 52 18 V44 Q56 38 62 42 Q66 38 72 44 Q78 42 80 50 V66 Q80 84 66 90Z" fill="#fcd9b6" stroke="#d6a77a" stroke-width="3"/>`),
  handLeft: () => svg(`<g transform="translate(100 0) scale(-1 1)">${handPath}</g><circle cx="18" cy="18" r="10" fill="#f59e0b"/>`),
  handRight: () => svg(`${handPath}<circle cx="82" cy="18" r="10" fill="#f59e0b"/>`),
  home: () => svg(`<path d="M12 50 L50 16 L88 50" fill="none" stroke="currentColor" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/><path d="M24 44 V86 H76 V44" fill="none" stroke="currentColor" stroke-width="9" stroke-linejoin="round"/>`, "0 0 100 100", "icon"),
  ear: () => svg(`<path d="M30 40 Q30 12 56 12 Q82 12 80 40 Q78 56 64 64 Q56 70 56 80 Q56 92 42 90" fill="none" stroke="currentColor" stroke-width="8" stroke-linecap="round"/><path d="M46 40 Q46 28 56 28 Q66 28 64 42" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"/>`),
  pencil: () => svg(`<path d="M70 10 L90 30 L38 82 L14 88 L20 64Z" fill="currentColor"/>`),
  offline: () => svg(`<path d="M24 72 Q8 72 12 56 Q14 42 30 46 Q34 26 54 30 Q70 20 78 40 Q94 42 90 60 Q88 72 74 72Z" fill="#e5e7eb" stroke="#6b7280" stroke-width="4"/><path d="M20 20 L82 86" stroke="#ef4444" stroke-width="8" stroke-linecap="round"/>`),
  plus: () => svg(`<circle cx="50" cy="50" r="46" fill="none" stroke="currentColor" stroke-width="6" stroke-dasharray="10 8"/><path d="M50 28 V72 M28 50 H72" stroke="currentColor" stroke-width="9" stroke-linecap="round"/>`),
  check: () => svg(`<path d="M18 52 L40 74 L84 26" fill="none" stroke="currentColor" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`),
  lock: () => svg(`<rect x="22" y="44" width="56" height="44" rx="8" fill="currentColor"/><path d="M34 44 V32 Q34 14 50 14 Q66 14 66 32 V44" fill="none" stroke="currentColor" stroke-width="9"/>`),
  speaker: () => svg(`<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>`, "0 0 24 24", "icon"),
  back: () => svg(`<path d="M60 18 L28 50 L60 82" fill="none" stroke="currentColor" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`),
};
const handPath = `<path d="M36 92 Q22 74 24 58 L22 36 Q22 30 28 30 Q33 30 34 36 L36 50 V20 Q36 12 43 12 Q50 12 50 20 V46 V16 Q50 8 57 8 Q64 8 64 16 V46 V22 Q64 14 71 14 Q78 14 78 22 V62 Q78 82 66 92Z" fill="#fcd9b6" stroke="#d6a77a" stroke-width="3"/>`;

/** A row of filled and empty stars (a count drawn, never written). */
export function stars(count, of = 3) {
  const star = (on) => `<svg class="icon star${on ? "" : " empty"}" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6L2.5 9.4l6.6-.8z" fill="currentColor"/></svg>`;
  return Array.from({ length: of }, (_, i) => star(i < count)).join("");
}
