import { randomUUID } from 'node:crypto';
import type { Answer } from '@agent/tools';
import {
  decisionsFile,
  readDecisionFile,
  writeDecisionFile,
  type Decision,
  type DecisionScope,
} from './decision-file';

/** An answer the person chose to keep, before it is stored. */
export interface KeptAnswer {
  question: string;
  answer: Answer;
}

/** The text a question is matched on: whitespace runs as one space, trimmed, lower case. */
export function questionKey(question: string): string {
  return question.replace(/\s+/gu, ' ').trim().toLowerCase();
}

/**
 * The decisions the person kept, in `$AGENT_HOME/decisions.json`, as one project sees them: its
 * own (keyed by its project root) and those for every project. The file is read afresh for each
 * call, so two sessions never overwrite each other's decisions with a stale copy; a damaged file
 * is reported (`problems`) and never loses what else it holds.
 */
export class DecisionBook {
  private readonly file: string;

  constructor(
    agentHome: string,
    private readonly projectRoot: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = decisionsFile(agentHome);
  }

  /** What is wrong with the file now (shown as warnings); empty when nothing is. */
  get problems(): string[] {
    return readDecisionFile(this.file).problems;
  }

  /** The decisions that apply here, in the order they were kept: `/decisions` numbers these. */
  list(): Decision[] {
    return readDecisionFile(this.file).decisions.filter((d) => this.applies(d));
  }

  /**
   * The decisions in force, one per question: a project's decision wins over one for every
   * project, the later over the earlier.
   */
  inForce(): Decision[] {
    const byQuestion = new Map<string, Decision>();
    const ordered = [...this.list()].sort((a, b) => rank(a) - rank(b));
    for (const decision of ordered) byQuestion.set(questionKey(decision.question), decision);
    return [...byQuestion.values()];
  }

  /** The decision in force for `question`, matched on its normalised text. */
  forQuestion(question: string): Decision | undefined {
    const key = questionKey(question);
    return this.inForce().find((decision) => questionKey(decision.question) === key);
  }

  /**
   * Keeps `answers` in `scope`, each replacing a decision of the same question in that scope.
   * Returns a line to tell the person when a damaged file had to be set aside. Throws when the
   * file cannot be written.
   */
  keep(
    answers: readonly KeptAnswer[],
    scope: DecisionScope,
    sessionId: string,
  ): string | undefined {
    return this.change((decisions) => {
      const decidedAt = this.now().toISOString();
      const fresh = answers.map((kept): Decision => ({
        id: randomUUID(),
        question: kept.question,
        answer: copy(kept.answer),
        decidedAt,
        sessionId,
        scope,
        ...(scope === 'project' ? { project: this.projectRoot } : {}),
      }));
      const replaced = new Set(fresh.map((d) => questionKey(d.question)));
      return [
        ...decisions.filter(
          (d) => !(this.sameScope(d, scope) && replaced.has(questionKey(d.question))),
        ),
        ...fresh,
      ];
    });
  }

  /** Gives decision `id` a new answer (decided now). Throws when it is gone or cannot be saved. */
  edit(id: string, answer: Answer): void {
    this.change((decisions) => {
      const found = decisions.find((d) => d.id === id);
      if (!found) throw new Error('that decision is no longer kept');
      return decisions.map((d) =>
        d.id === id ? { ...d, answer: copy(answer), decidedAt: this.now().toISOString() } : d,
      );
    });
  }

  /** Forgets decision `id`. Throws when it is gone or the file cannot be written. */
  revoke(id: string): void {
    this.change((decisions) => {
      if (!decisions.some((d) => d.id === id)) throw new Error('that decision is no longer kept');
      return decisions.filter((d) => d.id !== id);
    });
  }

  private change(edit: (decisions: Decision[]) => Decision[]): string | undefined {
    const content = readDecisionFile(this.file);
    if (content.problems.length > 0 && !content.corrupt && content.unreadable.length === 0) {
      // Unreadable for another reason (permissions): writing would lose what it holds.
      throw new Error(content.problems[0]);
    }
    return writeDecisionFile(this.file, { ...content, decisions: edit(content.decisions) });
  }

  private applies(decision: Decision): boolean {
    return decision.scope === 'global' || decision.project === this.projectRoot;
  }

  private sameScope(decision: Decision, scope: DecisionScope): boolean {
    return scope === 'global'
      ? decision.scope === 'global'
      : decision.scope === 'project' && decision.project === this.projectRoot;
  }
}

/** Global decisions first, so a project's decision of the same question wins. */
function rank(decision: Decision): number {
  return decision.scope === 'global' ? 0 : 1;
}

function copy(answer: Answer): Answer {
  return typeof answer === 'string' ? answer : [...answer];
}
