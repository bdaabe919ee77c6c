import { PLAN_OPTIONS, planDecision } from './acp-modes';
import {
  abortReason,
  PersonQueue,
  type AnyPersonRequest,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
} from '@agent/tools';
import { coverWaiting } from '@agent/tools/permission-rules';
import { permissionDecision, permissionOptions } from './permission-options';
import {
  questionnaireAnswers,
  questionnaireMessage,
  questionnaireSchema,
} from './questionnaire-form';
import type { AgentContext } from './schema';
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
 * The session's person channel in an editor: approvals as `session/request_permission`,
 * questionnaires and servers' forms as `elicitation/create` in form mode, servers' URLs in URL
 * mode; kinds the editor cannot show are refused at once (`canAnswer` false). One request is
 * shown at a time (the queue); a withdrawn request (the turn cancelled) cancels the editor's
 * request and stops waiting for it at once.
 */
export class AcpPerson implements PersonChannel {
  private readonly queue: PersonQueue;

  /**
   * `sessionId` names the session once it has one; `settled` resolves once the updates sent so
   * far are written, so the editor hears of a call before it is asked about it.
   */
  constructor(
    private readonly client: AgentContext,
    private readonly sessionId: () => string,
    private readonly workspace: string,
    abilities: EditorAbilities,
    private readonly settled: () => Promise<void>,
  ) {
    const kinds: PersonRequestKind[] = ['approval'];
    if (abilities.forms) kinds.push('questionnaire', 'form');
    if (abilities.urls) kinds.push('url');
    // A plan is a permission question every editor can show.
    kinds.push('plan');
    this.queue = new PersonQueue((request) => this.present(request), kinds);
  }

  canAnswer(kind: PersonRequestKind): boolean {
    return this.queue.canAnswer(kind);
  }

  ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> {
    return this.queue.ask(request);
  }

  private async present(request: AnyPersonRequest): Promise<unknown> {
    const options = { cancellationSignal: request.signal, stopWaitingOnCancel: true };
    try {
      await this.settled();
      if (request.signal.aborted) throw abortReason(request.signal);
      switch (request.kind) {
        case 'approval':
          return await this.approve(request, options);
        case 'questionnaire': {
          const { questionnaire, decided } = request.payload;
          const response = await this.client.request(
            'elicitation/create',
            {
              sessionId: this.sessionId(),
              ...(request.toolCallId ? { toolCallId: request.toolCallId } : {}),
              mode: 'form',
              message: questionnaireMessage(questionnaire),
              requestedSchema: questionnaireSchema(questionnaire, decided),
            },
            options,
          );
          return questionnaireAnswers(questionnaire, response, request.payload.onProgress);
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
          return serverFormOutcome(form, response);
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
              options: PLAN_OPTIONS,
            },
            options,
          );
          return planDecision(response);
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
          return { action: action === 'accept' || action === 'decline' ? action : 'cancel' };
        }
      }
    } catch (error) {
      // Withdrawn (the turn was cancelled): the reason the channel's contract names.
      if (request.signal.aborted) throw abortReason(request.signal);
      throw error;
    }
  }

  private async approve(
    request: PersonRequest<'approval'>,
    options: { cancellationSignal: AbortSignal; stopWaitingOnCancel: boolean },
  ): Promise<unknown> {
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
        options: permissionOptions(payload),
      },
      options,
    );
    const decision = permissionDecision(payload, response);
    // The approvals waiting behind this one that a new rule covers need no question.
    coverWaiting(this.queue, decision);
    return decision;
  }
}
