import { ATTACHED_FILES_SEPARATOR, ImageError, imageLabel, type ImagePart } from '@agent/llm';
import { readImageFile } from '../images/image-file';
import { countLines, readTextFile, resolveInWorkspace, ToolError } from '@agent/tools';

/** Characters of one mentioned file attached to a prompt; the rest is cut with a note. */
export const MAX_MENTION_CHARS = 20_000;
/** Characters of all mentioned files of one prompt together. */
export const MAX_MENTIONS_TOTAL_CHARS = 60_000;

/** A file attached to a prompt, for the transcript's compact line. */
export interface AttachedFile {
  path: string;
  lines: number;
  /** Lines actually attached when the file was cut. */
  keptLines?: number;
}

export interface ExpandedPrompt {
  /** The prompt followed by the attached files: what the model is sent. */
  text: string;
  attached: AttachedFile[];
  /** Mentioned image files (`@shot.png`): sent as images after the text, not as file text. */
  images: ImagePart[];
  /** Mentions that could not be attached, with the reason. */
  problems: string[];
}

const MENTION = /(^|\s)@([^\s@]+)/g;

/** The `@path` mentions of a prompt, in order, each once. */
export function mentionsIn(prompt: string): string[] {
  const found = new Set<string>();
  for (const match of prompt.matchAll(MENTION)) found.add(match[2]!.replace(/[.,;:!?)]+$/, ''));
  return [...found].filter((p) => p !== '');
}

/** A workspace file's text to attach to a prompt: read from disk, or given (an editor's buffer). */
export interface FileText {
  /** The path relative to the workspace root, as the model reads it. */
  path: string;
  text: string;
}

/**
 * Attaches the files a prompt mentions as `@path` (inside the workspace only, text files only),
 * each bounded to {@link MAX_MENTION_CHARS} and all to {@link MAX_MENTIONS_TOTAL_CHARS}, with a
 * note where a file was cut. Mentions that are not readable files are reported, not attached.
 * `given` files (an editor sends the text of its buffers) are attached first, as they are.
 */
export async function expandMentions(
  workspaceRoot: string,
  prompt: string,
  given: readonly FileText[] = [],
): Promise<ExpandedPrompt> {
  const problems: string[] = [];
  const files: FileText[] = [...given];
  const images: ImagePart[] = [];
  for (const mention of mentionsIn(prompt)) {
    try {
      const target = await resolveInWorkspace(workspaceRoot, mention);
      if (files.some((file) => file.path === target.relative)) continue;
      const image = await mentionedImage(target.absolute);
      if (image) images.push(image);
      else files.push({ path: target.relative, text: await readTextFile(target) });
    } catch (error) {
      if (!(error instanceof ToolError) && !(error instanceof ImageError)) throw error;
      problems.push(`@${mention} not attached: ${error.message}`);
    }
  }
  return { ...attachFiles(prompt, files), images, problems };
}

/** The mentioned file as an image when its bytes are one (else undefined: it is read as text). */
async function mentionedImage(absolute: string): Promise<ImagePart | undefined> {
  try {
    return await readImageFile(absolute, absolute);
  } catch (error) {
    if (error instanceof ImageError && (error.kind === 'type' || error.kind === 'file')) {
      return undefined;
    }
    throw error;
  }
}

/** The prompt followed by each file's block, bounded as {@link expandMentions} says. */
function attachFiles(
  prompt: string,
  files: readonly FileText[],
): { text: string; attached: AttachedFile[] } {
  const attached: AttachedFile[] = [];
  const blocks: string[] = [];
  let budget = MAX_MENTIONS_TOTAL_CHARS;
  for (const { path: relative, text: content } of files) {
    const lines = countLines(content);
    const limit = Math.min(MAX_MENTION_CHARS, budget);
    const file: AttachedFile = { path: relative, lines };
    let body = content;
    if (content.length > limit) {
      const cut = content.slice(0, limit);
      body = cut.slice(0, Math.max(0, cut.lastIndexOf('\n') + 1)) || cut;
      file.keptLines = countLines(body);
      body += cutNote(file.keptLines, lines);
    }
    budget -= Math.min(body.length, budget);
    blocks.push(
      `<file path="${relative}">\n${body}${body === '' || body.endsWith('\n') ? '' : '\n'}</file>`,
    );
    attached.push(file);
  }
  if (blocks.length === 0) return { text: prompt, attached };
  return { text: `${prompt}${ATTACHED_FILES_SEPARATOR}${blocks.join('\n')}`, attached };
}

function cutNote(kept: number, lines: number): string {
  return `\n[cut: the first ${kept} of ${lines} lines are attached; read the file for the rest]\n`;
}

/**
 * The files a saved prompt attached, read back from what the model was sent (`text`, made by
 * expandMentions from the `prompt` the person typed), for replaying its transcript lines. A
 * file whose own text holds a line `</file>` followed by `<file path="…">` is misread.
 */
export function attachedFilesOf(text: string, prompt: string): AttachedFile[] {
  if (!text.startsWith(prompt + ATTACHED_FILES_SEPARATOR)) return [];
  const rest = text.slice(prompt.length + ATTACHED_FILES_SEPARATOR.length);
  const heads = [...rest.matchAll(/(?:^|\n)<file path="([^"\n]*)">\n/g)];
  return heads.map((head, i) => {
    const start = head.index + head[0].length;
    const end = i + 1 < heads.length ? heads[i + 1]!.index : rest.length;
    const body = rest.slice(start, end).replace(/<\/file>$/, '');
    const cut = /\n\[cut: the first (\d+) of (\d+) lines are attached; [^\n]*\]\n$/.exec(body);
    return cut
      ? { path: head[1]!, lines: Number(cut[2]), keptLines: Number(cut[1]) }
      : { path: head[1]!, lines: countLines(body) };
  });
}

/** The transcript's compact line for an attached file: `@src/main.ts (120 lines)`. */
export function attachedLine(file: AttachedFile): string {
  const lines = `${file.lines} line${file.lines === 1 ? '' : 's'}`;
  return file.keptLines === undefined
    ? `@${file.path} (${lines})`
    : `@${file.path} (${lines}, cut to the first ${file.keptLines})`;
}

/** A prompt with its mentions attached (see `attachMentions`). */
export interface AttachedMentions {
  text: string;
  /** One transcript line per attached file and image. */
  lines: string[];
  /** The mentioned images, for the message after its text. */
  images: ImagePart[];
  problems: string[];
}

/**
 * The prompt with the files it mentions (`@path`) and the `given` ones attached, a transcript
 * line per attached file, and what could not be attached; undefined when there is none.
 */
export async function attachMentions(
  workspaceRoot: string,
  prompt: string,
  given: readonly FileText[] = [],
): Promise<AttachedMentions | undefined> {
  if (mentionsIn(prompt).length === 0 && given.length === 0) return undefined;
  const expanded = await expandMentions(workspaceRoot, prompt, given);
  return {
    text: expanded.text,
    lines: [...expanded.attached.map(attachedLine), ...expanded.images.map(imageLabel)],
    images: expanded.images,
    problems: expanded.problems,
  };
}
