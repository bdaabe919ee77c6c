import { plain, type Line } from '../text/line';
import { clampRows, fitOptions } from '../view/card-fit';

/** The parts of a live permission card, each already wrapped to the card's inner width. */
export interface PermissionParts {
  /** `Allow editing? write_file`. */
  title: Line[];
  /** What is being approved: the command, the path. */
  summary: Line[];
  why: Line[];
  reach: Line[];
  /** Each choice's wrapped rows; the selected one's include the reason being typed. */
  choices: Line[][];
  /** Each choice's one row, where it has a better one than its first row cut at the end. */
  oneRow?: (Line[] | undefined)[];
  selected: number;
  preview?: Preview;
}

/** The diff, which takes the rows left over. */
export interface Preview {
  /** Rows it has in full. */
  rows: number;
  /** At most `max` rows of it (1: a line saying the rows are hidden; 0: none). */
  render(max: number): Line[];
}

/** The card's rows inside its border, and whether the border rows are drawn. */
export interface FittedCard {
  frame: boolean;
  body: Line[];
}

interface Shape {
  frame: boolean;
  why: boolean;
  reach: boolean;
  /** Unselected choices take one row each (the selected one stays whole). */
  clamp: boolean;
  /** Rows the preview needs at least (a row and its position line, its hidden line, none). */
  preview: number;
}

const ROOMY: Shape = {
  frame: true,
  why: true,
  reach: true,
  clamp: false,
  preview: 2,
};

/**
 * What a card gives up, in order, until it fits the screen: the diff shrinks to one row, the
 * "Always" note goes, unselected choices take one row each, the diff becomes a line saying its
 * rows are hidden, then goes; then the border rows and the reason. The title, what is being
 * approved and the choices stay: a summary still too tall keeps its first and last rows around
 * a line saying how many are hidden (Ctrl+O shows the whole card), and should the choices still
 * not fit, they are windowed around the selected one as the questionnaire's options are.
 */
const LADDER: Shape[] = [
  ROOMY,
  { ...ROOMY, reach: false },
  { ...ROOMY, reach: false, clamp: true },
  { ...ROOMY, reach: false, clamp: true, preview: 1 },
  { ...ROOMY, reach: false, clamp: true, preview: 0 },
  { ...ROOMY, reach: false, clamp: true, preview: 0, frame: false },
  { ...ROOMY, reach: false, clamp: true, preview: 0, frame: false, why: false },
];

/** Rows of the summary kept from its top when it is cut, and from its bottom. */
const SUMMARY_HEAD = 2;
const SUMMARY_TAIL = 1;

/**
 * The permission card laid out to `room` rows (the transcript's height; undefined when not
 * known, then the diff shows at most `defaultPreview` rows). The diff gets every row the rest
 * leaves, scrolling within them.
 */
export function fitPermissionCard(
  parts: PermissionParts,
  inner: number,
  room: number | undefined,
  defaultPreview: number,
): FittedCard {
  const previewRows = parts.preview?.rows ?? 0;
  const clamped = parts.choices.map((block, index) =>
    index === parts.selected ? block : (parts.oneRow?.[index] ?? clampRows(block, 1, inner)),
  );
  let summary = parts.summary;
  const fixed = (shape: Shape): Line[] => [
    ...parts.title,
    ...summary,
    ...(shape.why ? parts.why : []),
    ...(shape.reach ? parts.reach : []),
  ];
  const height = (shape: Shape): number =>
    (shape.frame ? 2 : 0) +
    fixed(shape).length +
    (shape.clamp ? clamped : parts.choices).reduce((sum, block) => sum + block.length, 0);
  const fits = (s: Shape) =>
    room === undefined || height(s) + Math.min(previewRows, s.preview) <= room;
  let shape = LADDER.find(fits);
  if (!shape) {
    shape = LADDER[LADDER.length - 1]!;
    // The summary gives the rows the choices need, down to its first and last rows.
    const over = height(shape) - room!;
    summary = cutSummary(parts.summary, parts.summary.length - over);
  }
  const left = room === undefined ? defaultPreview : room - height(shape);
  const preview = parts.preview?.render(shape.preview > 0 ? Math.max(1, left) : 0) ?? [];
  const head = fixed(shape);
  const frame = shape.frame ? 2 : 0;
  const choices =
    room !== undefined && height(shape) > room
      ? fitOptions(
          {
            blocks: clamped,
            selected: parts.selected,
            // The selected row's last line: where a deny reason is typed.
            focus: clamped[parts.selected]!.length - 1,
          },
          Math.max(1, room - head.length - frame),
          (count, up) => plain(`      ${up ? '↑' : '↓'} ${count} more`, 'dim'),
        )
      : (shape.clamp ? clamped : parts.choices).flat();
  return { frame: shape.frame, body: [...head, ...preview, ...choices] };
}

/** `rows` cut to about `keep` rows: its first and last rows around a line saying how many went. */
function cutSummary(rows: Line[], keep: number): Line[] {
  const head = Math.max(1, Math.min(SUMMARY_HEAD, keep - SUMMARY_TAIL - 1));
  if (rows.length <= head + SUMMARY_TAIL + 1) return rows;
  const hidden = rows.length - head - SUMMARY_TAIL;
  return [
    ...rows.slice(0, head),
    plain(`   … ${hidden} more lines · Ctrl+O shows all`, 'dim'),
    ...rows.slice(rows.length - SUMMARY_TAIL),
  ];
}
