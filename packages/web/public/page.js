// The page: draws the conversation's events and posts the person's operations. It decides
// nothing: approval choices, answer checks and who answered come from the server's events.
// Every text from the model, a tool or the server is set with textContent (never as HTML), and
// terminal escapes in it are dropped (see inert).
'use strict';

const transcript = document.getElementById('transcript');
const cards = document.getElementById('cards');
const state = document.getElementById('state');
const problem = document.getElementById('problem');
const promptForm = document.getElementById('prompt-form');
const promptBox = document.getElementById('prompt');
const sendButton = document.getElementById('send');
const interruptButton = document.getElementById('interrupt');
const sessionList = document.getElementById('sessions');

let busy = false;
let reply = undefined; // the <li> the streamed assistant text goes into
const tools = new Map(); // tool call id -> its <li>
const questionnaires = new Map(); // shown questionnaire card id -> fills in answers given elsewhere

// A terminal's escape sequences (colours, titles, cursor moves) and other control characters.
const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text as the page shows it: escape sequences dropped, other control characters as U+FFFD. */
function inert(text) {
  return String(text).replace(/\r\n/g, '\n').replace(ESCAPES, '').replace(CONTROLS, '\ufffd');
}

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === false || value === undefined) continue;
    if (value === true) node.setAttribute(name, '');
    else node.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === undefined || child === null) continue;
    node.append(typeof child === 'string' ? document.createTextNode(inert(child)) : child);
  }
  return node;
}

function say(node) {
  transcript.append(node);
  node.scrollIntoView({ block: 'end' });
}

function setBusy(value) {
  busy = value;
  state.textContent = busy ? 'Working…' : 'Ready';
  sendButton.textContent = busy ? 'Steer' : 'Send';
  interruptButton.disabled = !busy;
}

async function submit(operation) {
  problem.textContent = '';
  try {
    const response = await fetch('/operations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(operation),
    });
    if (!response.ok) problem.textContent = (await response.text()).trim();
    return response.ok;
  } catch (error) {
    problem.textContent = `The agent cannot be reached: ${error.message}`;
    return false;
  }
}

promptForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = promptBox.value;
  if (await submit({ type: busy ? 'steer' : 'prompt', text })) promptBox.value = '';
});
interruptButton.addEventListener('click', () => void submit({ type: 'interrupt' }));

// A call's state as the page words it (the runtime's word is kept in data-status).
const STATES = {
  running: 'running',
  waiting: 'waiting for you',
  pending: 'interrupted',
  ok: 'done',
  error: 'failed',
  denied: 'denied',
  skipped: 'skipped',
  interrupted: 'interrupted',
};

function showTool(event) {
  let item = tools.get(event.id);
  if (!item) {
    item = el('li', { class: 'tool', 'data-tool': event.id });
    tools.set(event.id, item);
    reply = undefined;
    say(item);
  }
  const title = event.title || item.dataset.title || event.name;
  item.dataset.title = title;
  item.dataset.status = event.status;
  item.replaceChildren(
    el('span', {}, title),
    ' ',
    el('span', { class: 'status' }, `(${STATES[event.status] || event.status})`),
  );
  if (event.approval) item.append(el('div', { class: 'approval' }, event.approval));
  if (event.summary) item.append(el('div', {}, event.summary));
  if (event.diff) item.append(el('pre', { class: 'diff', 'aria-label': 'Diff' }, event.diff));
  else if (event.output) item.append(el('pre', {}, event.output));
}

function showEntries(entries) {
  transcript.replaceChildren();
  tools.clear();
  reply = undefined;
  for (const entry of entries) {
    switch (entry.kind) {
      case 'prompt':
        say(el('li', { class: 'you' }, entry.text));
        break;
      case 'assistant':
        say(el('li', { class: 'assistant' }, entry.text));
        break;
      case 'call':
        showTool({ ...entry, status: entry.state });
        break;
      default:
        say(el('li', { class: 'notice' }, entry.text));
    }
  }
}

// Sessions ---------------------------------------------------------------------------------

async function listSessions() {
  let sessions;
  try {
    const response = await fetch('/sessions');
    if (!response.ok) return;
    sessions = await response.json();
  } catch {
    return;
  }
  sessionList.replaceChildren(
    ...sessions.map((session) => {
      const when = el(
        'time',
        { datetime: session.updatedAt },
        new Date(session.updatedAt).toLocaleString(),
      );
      const item = el(
        'li',
        { 'data-session': session.id },
        el('span', { class: 'label' }, session.label),
        ' ',
        when,
      );
      if (session.current) item.append(' ', el('span', { class: 'current' }, '(open now)'));
      else {
        const resume = el('button', { type: 'button' }, 'Resume');
        resume.addEventListener('click', () => void submit({ type: 'resume', id: session.id }));
        item.append(' ', resume);
      }
      return item;
    }),
  );
}

// Cards ------------------------------------------------------------------------------------

function approvalCard(card) {
  const section = el(
    'section',
    { class: 'card', 'data-card': card.id, 'aria-label': 'Approval' },
    el('h3', {}, card.title),
  );
  if (card.choices) section.append(el('p', {}, card.choices.question));
  if (card.preview) section.append(el('pre', {}, card.preview));
  if (card.choices && card.choices.reach) section.append(el('p', {}, card.choices.reach));
  const buttons = el('div', { class: 'buttons' });
  for (const choice of card.choices ? card.choices.choices : []) {
    const button = el('button', { type: 'button', 'data-choice': choice.id }, choice.label);
    button.addEventListener(
      'click',
      () =>
        void submit({
          type: 'answer',
          id: card.id,
          answer: { kind: 'approval', choice: choice.id },
        }),
    );
    buttons.append(button);
  }
  section.append(buttons);
  return section;
}

/**
 * Option labels as drawn: where two options of a question would look alike, the whitespace that
 * tells them apart is made visible (␠ space at an end, ⏎ newline, → tab); the value sent stays
 * the exact option.
 */
function optionLabels(options) {
  const plain = (option) => option.replace(/\s+/g, ' ').trim();
  const seen = new Map();
  for (const option of options) seen.set(plain(option), (seen.get(plain(option)) || 0) + 1);
  return options.map((option) =>
    seen.get(plain(option)) > 1
      ? option
          .replace(/\n/g, '⏎')
          .replace(/\t/g, '→')
          .replace(/^ +| +$/g, (spaces) => '␠'.repeat(spaces.length))
      : option,
  );
}

/** Fills one question's inputs with an answer given or decided before (a list for multi-select). */
function preset(inputs, typed, answer) {
  const entries = Array.isArray(answer) ? answer : [answer];
  for (const input of inputs) input.checked = entries.includes(input.value);
  const other = entries.filter((entry) => !inputs.some((input) => input.value === entry));
  if (other.length > 0) typed.value = other[other.length - 1];
}

function questionnaireCard(card) {
  const form = el('form', { class: 'card', 'data-card': card.id, 'aria-label': 'Questions' });
  // Which questions have an answer: picked or typed here, or given before the card was offered
  // again. A decided answer is only preselected: it counts once the person touches it.
  const touched = card.questions.map((question) => question.given !== undefined);
  const fills = [];
  const read = card.questions.map((question, index) => {
    const name = `${card.id}-q${index}`;
    const fieldset = el('fieldset', {}, el('legend', {}, question.question));
    const labels = optionLabels(question.options);
    const inputs = question.options.map((option, at) => {
      const input = el('input', {
        type: question.multiSelect ? 'checkbox' : 'radio',
        name,
        value: option,
        checked: at === 0,
      });
      fieldset.append(el('label', {}, input, ' ', el('span', {}, labels[at])));
      return input;
    });
    const typed = el('input', { type: 'text', id: `${name}-typed`, name: `${name}-typed` });
    fieldset.append(el('label', { for: typed.id }, 'Type your answer'), typed);
    const earlier = question.given !== undefined ? question.given : question.decided;
    if (earlier !== undefined) preset(inputs, typed, earlier.answer);
    if (question.given === undefined && question.decided !== undefined) {
      const when = new Date(question.decided.decidedAt).toLocaleDateString();
      fieldset.append(el('p', { class: 'decided' }, `Decided on ${when}.`));
    }
    const mark = () => {
      touched[index] = true;
      fieldset.dataset.answered = '';
    };
    if (touched[index]) mark();
    fieldset.addEventListener('input', mark);
    fieldset.addEventListener('change', () => {
      mark();
      reportProgress();
    });
    // Picking the preselected option again answers the question too (it fires no change).
    fieldset.addEventListener('click', (event) => {
      if (event.target instanceof HTMLInputElement) mark();
    });
    form.append(fieldset);
    // An answer given on another front end: filled in, unless this page has it already.
    fills[index] = (given) => {
      const now = answerOf();
      const same = JSON.stringify(now.answer) === JSON.stringify(given.answer);
      if (touched[index] && same && now.custom === given.custom) return;
      typed.value = '';
      preset(inputs, typed, given.answer);
      mark();
    };
    const answerOf = () => {
      const text = typed.value.trim() === '' ? undefined : typed.value;
      const picked = inputs.filter((input) => input.checked).map((input) => input.value);
      if (question.multiSelect) {
        return {
          answer: text === undefined ? picked : [...picked, text],
          custom: text !== undefined,
        };
      }
      if (text !== undefined) return { answer: text, custom: true };
      return { answer: picked[0] === undefined ? '' : picked[0], custom: false };
    };
    return answerOf;
  });
  questionnaires.set(card.id, (given) =>
    given.forEach((entry, index) => entry && fills[index] && fills[index](entry)),
  );
  const cancel = el('button', { type: 'button' }, 'Cancel');
  form.append(
    el('div', { class: 'buttons' }, el('button', { type: 'submit' }, 'Send answers'), cancel),
  );
  // The answers given so far: those in order from the first question, and those given after a
  // question left alone (`later`), as a cancel reports them and the session keeps them.
  const given = () => {
    const gap = touched.indexOf(false);
    const count = gap === -1 ? read.length : gap;
    const inOrder = read.slice(0, count).map((answerOf) => answerOf());
    const later = [];
    for (let index = count + 1; index < read.length; index++) {
      if (!touched[index]) continue;
      const { answer, custom } = read[index]();
      later.push({ question: index, answer, custom });
    }
    const result = { answers: inOrder.map((g) => g.answer), custom: inOrder.map((g) => g.custom) };
    if (later.length > 0) result.later = later;
    return result;
  };
  const reportProgress = () => void submit({ type: 'progress', id: card.id, progress: given() });
  const send = (result) =>
    void submit({ type: 'answer', id: card.id, answer: { kind: 'questionnaire', result } });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const all = read.map((answerOf) => answerOf());
    const empty = all.findIndex(
      (given) => Array.isArray(given.answer) && given.answer.length === 0,
    );
    if (empty !== -1) {
      problem.textContent = `Question ${empty + 1}: tick an option or type an answer.`;
      return;
    }
    send({ answers: all.map((g) => g.answer), custom: all.map((g) => g.custom), cancelled: false });
  });
  cancel.addEventListener('click', () => send({ ...given(), cancelled: true }));
  return form;
}

function answer(card, body) {
  return submit({ type: 'answer', id: card.id, answer: { kind: card.kind, ...body } });
}

function planCard(card) {
  const section = el(
    'section',
    { class: 'card', 'data-card': card.id, 'aria-label': 'Plan' },
    el('h3', {}, card.title),
    el('pre', { class: 'plan' }, card.plan),
  );
  // The choices as the runtime words them: the approvals as buttons, keeping planning with a note.
  const choices = card.planChoices ?? [];
  const buttons = el('div', { class: 'buttons' });
  for (const choice of choices.filter((c) => c.id !== 'keep-planning')) {
    const button = el('button', { type: 'button', 'data-mode': choice.id }, choice.label);
    button.addEventListener(
      'click',
      () => void answer(card, { decision: { decision: 'approve', mode: choice.id } }),
    );
    buttons.append(button);
  }
  const keepLabel = choices.find((c) => c.id === 'keep-planning')?.label ?? 'Keep planning';
  const note = el('textarea', { id: `${card.id}-note`, rows: 2 });
  const keep = el('form', {}, el('label', { for: note.id }, 'Note for the model'), note);
  keep.append(el('div', { class: 'buttons' }, el('button', { type: 'submit' }, keepLabel)));
  keep.addEventListener('submit', (event) => {
    event.preventDefault();
    void answer(card, { decision: { decision: 'keep-planning', note: note.value } });
  });
  section.append(buttons, keep);
  return section;
}

/** One field of a server's form: its inputs, and how its answer is read (null when skipped). */
function formField(card, field, index) {
  const name = `${card.id}-f${index}`;
  const legend = el('legend', {}, field.question);
  if (field.required) legend.append(' ', el('span', { class: 'required' }, '(required)'));
  const fieldset = el('fieldset', { 'data-field': field.key }, legend);
  if (field.kind === 'text' || field.kind === 'number' || field.kind === 'integer') {
    const input = el('input', {
      type: 'text',
      id: name,
      name,
      value: field.options[0],
      inputmode:
        field.kind === 'text' ? undefined : field.kind === 'integer' ? 'numeric' : 'decimal',
      'aria-required': field.required ? 'true' : undefined,
    });
    fieldset.append(el('label', { for: name }, 'Your answer'), input);
    return { fieldset, read: () => (input.value === '' && !field.required ? null : input.value) };
  }
  const multi = field.kind === 'multi-choice';
  const defaults = multi ? field.defaults || [] : field.defaulted ? [field.options[0]] : [];
  const inputs = field.options.map((option) => {
    const input = el('input', {
      type: multi ? 'checkbox' : 'radio',
      name,
      value: option,
      checked: defaults.includes(option),
    });
    fieldset.append(el('label', {}, input, ' ', el('span', {}, option)));
    return input;
  });
  const read = () => {
    const picked = inputs.filter((input) => input.checked).map((input) => input.value);
    if (picked.length === 0 && !field.required) return null;
    return multi ? picked : picked.length === 0 ? '' : picked[0];
  };
  return { fieldset, read };
}

function formCard(card) {
  const form = el(
    'form',
    { class: 'card', 'data-card': card.id, 'aria-label': 'Form' },
    el('h3', {}, card.title),
    el('p', {}, card.message),
  );
  const fields = card.fields.map((field, index) => formField(card, field, index));
  for (const { fieldset } of fields) form.append(fieldset);
  const decline = el('button', { type: 'button', 'data-action': 'decline' }, 'Decline');
  const cancel = el('button', { type: 'button', 'data-action': 'cancel' }, 'Cancel');
  form.append(
    el('div', { class: 'buttons' }, el('button', { type: 'submit' }, 'Submit'), decline, cancel),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void answer(card, {
      outcome: { action: 'accept', answers: fields.map((field) => field.read()) },
    });
  });
  decline.addEventListener('click', () => void answer(card, { outcome: { action: 'decline' } }));
  cancel.addEventListener('click', () => void answer(card, { outcome: { action: 'cancel' } }));
  return form;
}

/** Whether a server's link may be followed from the page (web links only, never javascript:). */
function webLink(url) {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function urlCard(card) {
  const link = webLink(card.url)
    ? el('a', { href: card.url, target: '_blank', rel: 'noopener noreferrer' }, card.url)
    : el('code', {}, card.url);
  const section = el(
    'section',
    { class: 'card', 'data-card': card.id, 'aria-label': 'Link' },
    el('h3', {}, card.title),
    el('p', {}, card.message),
    el('p', { class: 'link' }, link),
  );
  const done = el('button', { type: 'button', 'data-action': 'accept' }, 'Done');
  const decline = el('button', { type: 'button', 'data-action': 'decline' }, 'Decline');
  done.addEventListener('click', () => void answer(card, { outcome: { action: 'accept' } }));
  decline.addEventListener('click', () => void answer(card, { outcome: { action: 'decline' } }));
  section.append(el('div', { class: 'buttons' }, done, decline));
  return section;
}

const CARDS = {
  approval: approvalCard,
  questionnaire: questionnaireCard,
  plan: planCard,
  form: formCard,
  url: urlCard,
};

/** A card's element id: the link notify.command sends opens the page at `#card-ID`. */
function cardAnchor(node, id) {
  node.id = `card-${id}`;
  if (decodeURIComponent(location.hash.slice(1)) === node.id)
    node.scrollIntoView({ block: 'start' });
}

function showCard(card) {
  const existing = cards.querySelector(`[data-card="${CSS.escape(card.id)}"]`);
  const node = CARDS[card.kind](card);
  if (existing) existing.replaceWith(node);
  else cards.append(node);
  node.id = `card-${card.id}`;
  node.scrollIntoView({ block: 'start' });
  const first = node.querySelector('button, input');
  if (first) first.focus({ preventScroll: true });
}

function showWaiting(card) {
  if (cards.querySelector(`[data-card="${CSS.escape(card.id)}"]`)) return;
  const node = el(
    'section',
    { class: 'card waiting', 'data-card': card.id },
    el('h3', {}, card.title),
    el('p', {}, 'Waiting behind the card above.'),
  );
  cards.append(node);
  cardAnchor(node, card.id);
}

function closeCard(event) {
  questionnaires.delete(event.id);
  const node = cards.querySelector(`[data-card="${CSS.escape(event.id)}"]`);
  const words =
    event.how === 'answered'
      ? `Answered on ${event.by}.`
      : `Withdrawn: ${event.reason.replace(/\.$/, '')}.`;
  if (node) {
    const title = node.querySelector('h3, legend');
    const closed = el(
      'section',
      { class: 'card closed', 'data-card': event.id, 'data-closed': event.how },
      el('h3', {}, title ? title.textContent : 'Card'),
      el('p', {}, words),
    );
    node.replaceWith(closed);
  }
}

// The event stream --------------------------------------------------------------------------

function handle(event) {
  switch (event.type) {
    case 'transcript':
      showEntries(event.entries);
      void listSessions();
      break;
    case 'hello':
      setBusy(event.busy);
      cards.replaceChildren();
      questionnaires.clear();
      if (event.shown) showCard(event.shown);
      for (const card of event.waiting) showWaiting(card);
      break;
    case 'turn_started':
      setBusy(true);
      reply = undefined;
      if (event.prompt !== undefined) say(el('li', { class: 'you' }, event.prompt));
      break;
    case 'turn_ended':
      setBusy(false);
      reply = undefined;
      void listSessions();
      if (event.reason !== 'done') {
        say(
          el(
            'li',
            { class: 'notice' },
            `${event.said ?? `The turn ended: ${event.reason}.`}${event.error ? ` (${event.error})` : ''}`,
          ),
        );
      }
      break;
    case 'text':
      if (!reply) {
        reply = el('li', { class: 'assistant' });
        say(reply);
      }
      reply.append(document.createTextNode(inert(event.text)));
      break;
    case 'assistant_done':
      // The whole message: it completes what streamed (a page that joined late missed some).
      if (reply) reply.textContent = inert(event.text);
      else if (event.text.trim() !== '') say(el('li', { class: 'assistant' }, event.text));
      reply = undefined;
      break;
    case 'steered':
      say(el('li', { class: 'you' }, event.text));
      break;
    case 'tool':
      showTool(event);
      break;
    case 'notice':
      say(el('li', { class: 'notice' }, event.text));
      break;
    case 'card_shown':
      showCard(event.card);
      break;
    case 'card_waiting':
      showWaiting(event.card);
      break;
    case 'card_progress': {
      const fill = questionnaires.get(event.id);
      if (fill) fill(event.given);
      break;
    }
    case 'card_closed':
      closeCard(event);
      break;
  }
}

const source = new EventSource('/events');
source.addEventListener('message', (message) => handle(JSON.parse(message.data)));
source.addEventListener('error', () => {
  state.textContent = 'Disconnected; reconnecting…';
});
