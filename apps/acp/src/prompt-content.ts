import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkImageCount, ImageError, imagePart, type ImagePart } from '@agent/llm';
import type { FileText } from '@agent/runtime';
import type { ContentBlock } from './schema';

/** A prompt from the editor: the text the person wrote, and the buffers it sent along. */
export interface EditorPrompt {
  /** Text blocks as written; a linked workspace file as an `@path` mention the runtime attaches. */
  text: string;
  /** Embedded resources (an editor's `@` mention with the buffer's text), attached as given. */
  given: FileText[];
  /** Image blocks, checked as every attached image is (type by magic bytes, size, count). */
  images: ImagePart[];
}

/**
 * The prompt's content blocks as one prompt. Resource links to workspace files become `@path`
 * mentions; embedded text resources are attached under their workspace path (or their URI);
 * other links stay as links; image blocks become images of the message; other binary content is
 * named, not sent. Throws ImageError for an image block the agent would not send.
 */
export function editorPrompt(blocks: readonly ContentBlock[], workspace: string): EditorPrompt {
  let text = '';
  const given: FileText[] = [];
  const images: ImagePart[] = [];
  // A mention stands apart from the words around it; the person's own text is kept as written.
  const token = (word: string): void => {
    text += `${text === '' || /\s$/.test(text) ? '' : ' '}${word} `;
  };
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        text += block.text;
        break;
      case 'resource_link': {
        const relative = workspaceFile(block.uri, workspace);
        token(relative !== undefined ? `@${relative}` : `[${block.name}](${block.uri})`);
        break;
      }
      case 'resource': {
        const resource = block.resource;
        const relative = workspaceFile(resource.uri, workspace);
        const label = relative ?? resource.uri;
        if ('text' in resource) {
          given.push({ path: label, text: resource.text });
          // A workspace file reads as the mention the runtime would attach; anything else by name.
          token(relative !== undefined ? `@${relative}` : `(attached: ${label})`);
        } else token(`[binary resource ${label} not attached]`);
        break;
      }
      case 'image':
        images.push(editorImage(block, images.length + 1));
        break;
      default:
        token(`[${block.type} not attached: this agent reads text and images only]`);
    }
  }
  checkImageCount(images.length);
  return { text: text.trimEnd(), given, images };
}

/** An image block as an image part, named by its URI's file name (else `image N`). */
function editorImage(block: Extract<ContentBlock, { type: 'image' }>, index: number): ImagePart {
  const name = block.uri ? path.basename(block.uri) : `image ${index}`;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(block.data)) {
    throw new ImageError(`${name}: its data is not base64`, 'type');
  }
  return imagePart(name, Buffer.from(block.data, 'base64'));
}

/** The workspace-relative path of a `file:` URI inside the workspace, else undefined. */
function workspaceFile(uri: string, workspace: string): string | undefined {
  let file: string;
  try {
    if (!uri.startsWith('file:')) return undefined;
    file = fileURLToPath(uri);
  } catch {
    return undefined;
  }
  const relative = path.relative(workspace, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}
