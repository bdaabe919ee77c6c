// The page: draws the conversation's events and posts the person's operations. It decides
// nothing: approval choices, answer checks and who answered come from the server's events.
// Every text from the model, a tool or the server is set with textContent (never as HTML).
'use strict';

const transcript = document.getElementById('transcript');
const cards = document.getElementById('cards');
const state = document.getElementById('state');
const problem = document.getElementById('problem');
const promptForm = document.getElementById('prompt-form');
const promptBox = document.getElementById('prompt');
const sendButton = document.getElementById('send');
const interruptButton = document.getElementById('interrupt');

let busy = false;
let reply = undefined; // the <li> the streamed assistant text goes into
const tools = new Map(); // tool call id -> its <li>

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
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
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
    el('span', { class: 'status' }, `(${event.status})`),
  );
  if (event.summary) item.append(el('div', {}, event.summary));
  if (event.output) item.append(el('pre', {}, event.output));
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

function questionnaireCard(card) {
  const form = el('form', { class: 'card', 'data-card': card.id, 'aria-label': 'Questions' });
  const touched = card.questions.map(() => false);
  const read = card.questions.map((question, index) => {
    const name = `${card.id}-q${index}`;
    const fieldset = el('fieldset', {}, el('legend', {}, question.question));
    const inputs = question.options.map((option, at) => {
      const input = el('input', {
        type: question.multiSelect ? 'checkbox' : 'radio',
        name,
        value: option,
        checked: at === 0,
      });
      fieldset.append(el('label', {}, input, ' ', el('span', {}, option)));
      return input;
    });
    const typed = el('input', { type: 'text', id: `${name}-typed`, name: `${name}-typed` });
    fieldset.append(el('label', { for: typed.id }, 'Type your answer'), typed);
    fieldset.addEventListener('input', () => (touched[index] = true));
    fieldset.addEventListener('change', () => (touched[index] = true));
    // Picking the preselected option again answers the question too (it fires no change).
    fieldset.addEventListener('click', (event) => {
      if (event.target instanceof HTMLInputElement) touched[index] = true;
    });
    form.append(fieldset);
    return () => {
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
  });
  const cancel = el('button', { type: 'button' }, 'Cancel');
  form.append(
    el('div', { class: 'buttons' }, el('button', { type: 'submit' }, 'Send answers'), cancel),
  );
  const send = (cancelled) => {
    // Cancelling keeps the answers given so far: those in order from the first question, and
    // those given after a question left alone (`later`).
    const gap = touched.indexOf(false);
    const count = cancelled && gap !== -1 ? gap : read.length;
    const given = read.slice(0, count).map((answerOf) => answerOf());
    const later = [];
    for (let index = count + 1; cancelled && index < read.length; index++) {
      if (!touched[index]) continue;
      const { answer, custom } = read[index]();
      later.push({ question: index, answer, custom });
    }
    const result = {
      answers: given.map((g) => g.answer),
      custom: given.map((g) => g.custom),
      cancelled,
    };
    if (later.length > 0) result.later = later;
    void submit({ type: 'answer', id: card.id, answer: { kind: 'questionnaire', result } });
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send(false);
  });
  cancel.addEventListener('click', () => send(true));
  return form;
}

function otherCard(card) {
  return el('section', { class: 'card', 'data-card': card.id }, el('h3', {}, card.title));
}

function showCard(card) {
  const existing = cards.querySelector(`[data-card="${CSS.escape(card.id)}"]`);
  const node =
    card.kind === 'approval'
      ? approvalCard(card)
      : card.kind === 'questionnaire'
        ? questionnaireCard(card)
        : otherCard(card);
  if (existing) existing.replaceWith(node);
  else cards.append(node);
  node.scrollIntoView({ block: 'start' });
  const first = node.querySelector('button, input');
  if (first) first.focus({ preventScroll: true });
}

function showWaiting(card) {
  if (cards.querySelector(`[data-card="${CSS.escape(card.id)}"]`)) return;
  cards.append(
    el(
      'section',
      { class: 'card waiting', 'data-card': card.id },
      el('h3', {}, card.title),
      el('p', {}, 'Waiting behind the card above.'),
    ),
  );
}

function closeCard(event) {
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
    case 'hello':
      setBusy(event.busy);
      cards.replaceChildren();
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
      if (event.reason !== 'done') {
        say(
          el(
            'li',
            { class: 'notice' },
            `The turn ended: ${event.reason}${event.error ? ` (${event.error})` : ''}.`,
          ),
        );
      }
      break;
    case 'text':
      if (!reply) {
        reply = el('li', { class: 'assistant' });
        say(reply);
      }
      reply.append(document.createTextNode(event.text));
      break;
    case 'assistant_done':
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
