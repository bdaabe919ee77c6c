import { DecisionBook } from './decision-book';
import { decisionsPromptSection } from './decisions-prompt';

/**
 * A session's view of the kept decisions: the book (read afresh for every change), and the
 * system prompt's section as it was when the session started. A decision kept during a session
 * reaches the next session's prompt, so a running conversation's prompt stays the same (and
 * providers' prompt caches stay warm).
 */
export class SessionDecisions {
  readonly book: DecisionBook;
  private section: string;

  constructor(agentHome: string, projectRoot: string) {
    this.book = new DecisionBook(agentHome, projectRoot);
    this.section = decisionsPromptSection(this.book.inForce());
  }

  /** The decisions section of this session's system prompt ('' when none apply). */
  get promptSection(): string {
    return this.section;
  }

  /** A new session starts (`/new`): its prompt carries the decisions in force now. */
  refresh(): void {
    this.section = decisionsPromptSection(this.book.inForce());
  }
}
