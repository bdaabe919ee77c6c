import { planDecision, planOptions } from './acp-modes';
import {
  ShownCopies,
  type AnswerCard,
  type Card,
  type CardAnswer,
  type CardClosing,
  type CardViewer,
} from '@agent/runtime';
import {
  abortReason,
  PLAN_CHOICES,
  type PersonRequest,
  type PersonRequestKind,
} from '@agent/tools';
import { permissionChoice, permissionOptions } from './permission-options';
import { QuestionnaireForm } from './questionnaire-form';
import type { AgentContext } from './schema';
import type { UpdateSender } from './update-sender';
import { serverFormOutcome, serverFormSchema } from './server-form';
import { editDiff, toolKind, toolLocations } from './tool-display';

/** What the editor said it can show (`initialize`'s client capabilities). */
export interface EditorAbilities {
  /** Form-mode elicitation: `ask_user` questionnaires and MCP servers' forms. */
  forms: boolean;
  /** URL-mode elicitation: an MCP server asks the person to open a page. */
  urls: boolean;
}

/**
 * The editor as a viewer of the conversation's cards: approvals as `session/request_permission`,
 * questionnaires and servers' forms as `elicitation/create` in form mode, servers' URLs in URL
 * mode; kinds the editor cannot show are not its (`kinds`). A card withdrawn (the turn cancelled)
 * or answered elsewhere cancels the editor's request and stops waiting for it at once.
 */
export class AcpCards implements CardViewer {
  readonly name = 'the editor';
  readonly kinds: PersonRequestKind[];
  private readonly open = new ShownCopies();

  /**
   * `sessionId` names the session once it has one; `updates` are the session's updates, flushed
   * before a request so the editor hears of a call before it is asked about it; `notTaken` hears
   * why an answer was not taken.
   */
  constructor(
    private readonly client: AgentContext,
    private readonly sessionId: () => string,
    private readonly workspace: string,
    abilities: EditorAbilities,
    private readonly updates: Pick<UpdateSender, 'flushed'>,
    private readonly notTaken: (problem: string) => void,
  ) {
    this.kinds = ['approval'];
    if (abilities.forms) this.kinds.push('questionnaire', 'form');
    if (abilities.urls) this.kinds.push('url');
    // A plan is a permission question every editor can show.
    this.kinds.push('plan');
  }

  /** Shows `card` in the editor; `answer` gives the conversation the editor's answer. */
  show(card: Card, answer: AnswerCard): void {
    const signal = this.open.open(card);
    const given = (value: CardAnswer | { refused: string }): void => {
      if (signal.aborted) return;
      const problem = answer(value);
      if (problem) this.notTaken(problem);
    };
    this.present(card, signal).then(given, (error: unknown) => given({ refused: String(error) }));
  }

  /** A card closed (answered here or elsewhere, or withdrawn): its editor request ends. */
  closed(id: string, closing: CardClosing): void {
    this.open.closed(id, closing);
  }

  private async present(card: Card, signal: AbortSignal): Promise<CardAnswer> {
    const request = card.request;
    const options = { cancellationSignal: signal, stopWaitingOnCancel: true };
    try {
      await this.updates.flushed();
      if (signal.aborted) throw abortReason(signal);
      switch (request.kind) {
        case 'approval':
          return await this.approve(card, request, options);
        case 'questionnaire': {
          const form = new QuestionnaireForm(request.payload);
          const asked = this.client.request(
            'elicitation/create',
            {
              sessionId: this.sessionId(),
              ...(request.toolCallId ? { toolCallId: request.toolCallId } : {}),
              mode: 'form',
              message: form.message,
              requestedSchema: form.schema,
            },
            options,
          );
          form.shown();
          return { kind: 'questionnaire', result: form.answers(await asked) };
        }
        case 'form': {
          const form = request.payload;
          const response = await this.client.request(
            'elicitation/create',
            {
              sessionId: this.sessionId(),
              mode: 'form',
              message: `MCP server ${form.server} asks: ${form.message}`,
              requestedSchema: serverFormSchema(form),
            },
            options,
          );
          return { kind: 'form', outcome: serverFormOutcome(form, response) };
        }
        case 'plan': {
          const response = await this.client.request(
            'session/request_permission',
            {
              sessionId: this.sessionId(),
              toolCall: {
                toolCallId: request.toolCallId ?? request.id,
                title: 'Approve the plan?',
                kind: 'think',
                status: 'pending',
                content: [
                  { type: 'content', content: { type: 'text', text: request.payload.plan } },
                ],
              },
              options: planOptions(card.planChoices ?? PLAN_CHOICES),
            },
            options,
          );
          return {
            kind: 'plan',
            decision: planDecision(response, card.planChoices ?? PLAN_CHOICES),
          };
        }
        case 'url': {
          const { server, message, url } = request.payload;
          const response = await this.client.request(
            'elicitation/create',
            {
              sessionId: this.sessionId(),
              mode: 'url',
              elicitationId: request.id,
              url,
              message: `MCP server ${server} asks you to open a page: ${message}`,
            },
            options,
          );
          const action = response.action;
          const outcome = {
            action: action === 'accept' || action === 'decline' ? action : 'cancel',
          } as const;
          return { kind: 'url', outcome };
        }
      }
    } catch (error) {
      // Withdrawn (the turn was cancelled) or answered elsewhere: the reason the signal names.
      if (signal.aborted) throw abortReason(signal);
      throw error;
    }
  }

  private async approve(
    card: Card,
    request: PersonRequest<'approval'>,
    options: { cancellationSignal: AbortSignal; stopWaitingOnCancel: boolean },
  ): Promise<CardAnswer> {
    const payload = request.payload;
    const call = { name: payload.toolName, input: payload.input };
    const diff = editDiff(this.workspace, call);
    const response = await this.client.request(
      'session/request_permission',
      {
        sessionId: this.sessionId(),
        toolCall: {
          toolCallId: payload.toolCallId,
          title: payload.reason ? `${payload.title} (${payload.reason})` : payload.title,
          kind: toolKind(payload.toolName),
          status: 'pending',
          locations: toolLocations(this.workspace, call),
          ...(diff.length > 0 ? { content: diff } : {}),
          rawInput: payload.input,
        },
        options: permissionOptions(card.choices!),
      },
      options,
    );
    // The request made the call `pending`; once allowed (here or elsewhere) its `tool_approved`
    // event says it runs (see TurnUpdates).
    return permissionChoice(card.choices!, response);
  }
}
