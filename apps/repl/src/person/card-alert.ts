import type { AnyPersonRequest } from '@agent/tools';

/** What `notify.command` reads on stdin about a waiting card (ASK_USER.md section 9). */
export interface WaitingCard {
  kind: string;
  title: string;
  /** The questions of a questionnaire or a server's form. */
  questions?: string[];
  /** The tool of an approval. */
  tool?: string;
  session?: string;
  workspace: string;
  /** The link that opens the card on the web page, token included, while a page is served. */
  url?: string;
}

/** A waiting request as the JSON description `notify.command` gets. */
export function describeWaitingCard(
  request: AnyPersonRequest,
  where: { session?: string; workspace: string },
): WaitingCard {
  const place = {
    ...(where.session !== undefined ? { session: where.session } : {}),
    workspace: where.workspace,
  };
  switch (request.kind) {
    case 'questionnaire': {
      const questions = request.payload.questionnaire.questions.map((q) => q.question);
      const title =
        questions.length === 1
          ? 'The agent has a question for you'
          : `The agent has ${questions.length} questions for you`;
      return { kind: request.kind, title, questions, ...place };
    }
    case 'approval':
      return {
        kind: request.kind,
        title: `The agent waits for approval: ${request.payload.title}`,
        tool: request.payload.toolName,
        ...place,
      };
    case 'form':
      return {
        kind: request.kind,
        title: `MCP server ${request.payload.server} asks you`,
        questions: request.payload.questions.map((q) => q.question),
        ...place,
      };
    case 'url':
      return {
        kind: request.kind,
        title: `MCP server ${request.payload.server} asks you to open a link`,
        ...place,
      };
    default: {
      const other = request as { kind: string };
      return { kind: other.kind, title: `The agent waits for you (${other.kind})`, ...place };
    }
  }
}

/** Text safe inside an OSC string: no controls, no `;` (OSC 777's separator), bounded. */
function oscText(text: string, max = 120): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f;]+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** A sequence wrapped for tmux's passthrough (`\ePtmux;...\e\\`, each ESC inside doubled). */
export function tmuxPassthrough(sequence: string): string {
  return `\x1bPtmux;${sequence.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
}

/**
 * What the REPL writes when a card has waited: the bell, then a desktop notification as OSC 9
 * (iTerm2, Windows Terminal, kitty, WezTerm) and OSC 777 (rxvt, foot, VTE); inside tmux the OSC
 * sequences are wrapped for its passthrough (it needs `allow-passthrough on`), the bell is not.
 */
export function terminalAlert(card: WaitingCard, tmux: boolean): string {
  const title = oscText('agent');
  const body = oscText(card.title);
  const osc9 = `\x1b]9;${body}\x07`;
  const osc777 = `\x1b]777;notify;${title};${body}\x07`;
  const wrap = tmux ? tmuxPassthrough : (sequence: string) => sequence;
  return `\x07${wrap(osc9)}${wrap(osc777)}`;
}
