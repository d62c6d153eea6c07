// The widget playground: one section per element of the manifest, with the element, a control per
// attribute, the element's snippet with "Copy HTML", a link to that state, and a log of the
// showroom:* events it sends. Plain script: the playground is a page, not part of the kit. No
// innerHTML anywhere: values may come from a link (the address's hash), so they are only ever text.
//
// Controls: a select for an enumeration of the manifest and for values the store knows (its
// estimator templates, product styles, payment methods: read from its API), a checkbox for a
// boolean, a number field for a number, a text field otherwise.
//
// Each change of an attribute mounts a new element with the new attributes, as a page with that
// snippet would: nothing of the element before (a message, a tick, a loaded template) stays.

/** Attribute values the playground starts an element with, so it shows something real at once. */
const START_WITH = {
  'showroom-payment-methods': { scope: 'sample-order' },
  'showroom-order-samples': { 'style-name': 'hartford-shaker' },
  'showroom-cart-count': { href: '#showroom-sample-cart' },
  // The estimator starts with the store's first template (a required attribute with a list of the
  // store's values takes its first one). The money elements start bare: each shows its first real
  // state (the cart's checkout, the quote link's dead end, the split lookup form, "no recent order")
  // and the hint says how to go on.
};

/** How to try an element that needs something first (a cart, a quote link, a paid order). */
const TRY_IT = {
  'showroom-checkout':
    'Order a sample in <showroom-order-samples> above: it appears here. Fill the address and pay with the test card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined); without success-url the order number is shown in place.',
  'showroom-quote-payment':
    'Make a quote with `npm run quote -- create examples/quotes/kitchen-remodel.json`, then put the quoteId and token of its payment link into quote-id and token.',
  'showroom-split-payment':
    'Fetch an order by its number and e-mail (or set order-id and email); an order with split payment takes a part toward its balance.',
  'showroom-order-result':
    'Shows the order this browser just paid: pay in <showroom-checkout> on this page, then reload it. Without a paid order it says so (or goes to checkout-href).',
};

/**
 * Attributes changed on the element in place rather than by a new element: <showroom-order-result>
 * takes the paid order from the browser once per page load, so a new element would have none to
 * show; its texts are what a developer tries on that order.
 */
const CHANGED_IN_PLACE = {
  'showroom-order-result': ['heading', 'content', 'partial-content', 'action-text', 'action-href'],
};

/** Proofs of access: used by the element and in its snippet, never written into the page's address. */
const NOT_IN_LINK = new Set(['token', 'email']);

/** Attributes whose values the store knows, by attribute name: [{ value, label }] read from its API. */
const STORE_CHOICES = {
  template: async () => (await getJson('/api/estimator')).templates.map((t) => ({ value: t.name, label: t.title ? `${t.title} (${t.name})` : t.name })),
  'style-name': async () => {
    const styles = new Map();
    for (const s of (await getJson('/api/catalog/samples')).samples) if (!styles.has(s.style)) styles.set(s.style, `${s.styleTitle} (${s.style})`);
    return [...styles].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label }));
  },
  method: async () => (await getJson('/api/payment-methods')).paymentMethods.map((m) => ({ value: m.name, label: `${m.title} (${m.name})` })),
};

async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/** Each list the store gives, or null when it could not be read (the control is then a text field). */
async function readStoreChoices() {
  const entries = await Promise.all(Object.entries(STORE_CHOICES).map(async ([name, read]) => [name, await read().catch(() => null)]));
  return new Map(entries);
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

// ---- The link: #showroom-order-samples?style-name=soho-slab ------------------------------------

/** The element and attributes the address names, or null. A bare `#tag` only scrolls (no state). */
function readLink(hash = location.hash) {
  const text = hash.replace(/^#/, '');
  const at = text.indexOf('?');
  if (at < 0) return null;
  const tagName = decodeURIComponent(text.slice(0, at));
  return { tagName, attributes: new URLSearchParams(text.slice(at + 1)) };
}

function linkOf(tagName, attributes) {
  const kept = new URLSearchParams([...attributes].filter(([name]) => !NOT_IN_LINK.has(name)));
  return `#${tagName}?${kept}`;
}

// ---- The snippet ---------------------------------------------------------------------------------

/** The loader's address, as the page loaded it (the versioned path dealers copy). */
function loaderUrl() {
  return document.querySelector('script[src*="/showroom.js"]').src;
}

function escapeAttribute(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function snippetOf(tagName, attributes) {
  const list = [...attributes].map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`)).join('');
  return `<script src="${loaderUrl()}" defer></script>\n<${tagName}${list}></${tagName}>`;
}

/** Copies the text; when the browser refuses, selects it so the developer can copy it by hand. */
async function copySnippet(text, code, button, status) {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
    status.textContent = 'The snippet is on the clipboard.';
    setTimeout(() => {
      button.textContent = 'Copy HTML';
      status.textContent = '';
    }, 2000);
  } catch {
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    status.textContent = 'The browser did not allow copying: the snippet is selected, press Ctrl+C (⌘C on a Mac).';
  }
}

// ---- Controls ------------------------------------------------------------------------------------

function optionsOf(choices, value, withNone) {
  const options = [...(withNone ? [{ value: '', label: '(none)' }] : []), ...choices];
  // A value from a link that the store does not have is still shown, so the state is the link's.
  if (value && !choices.some((c) => c.value === value)) options.push({ value, label: `${value} (not in the store)` });
  return options.map((o) => el('option', { value: o.value, textContent: o.label }));
}

/** One attribute's row: its label, its control and its description; `onChange(value|null)`. */
function controlFor(tagName, attribute, choices, onChange) {
  const id = `${tagName}-${attribute.name}`;
  const type = attribute.type?.text ?? 'string';
  const enumeration = /^"/.test(type) ? type.split(' | ').map((v) => JSON.parse(v)).map((v) => ({ value: v, label: v })) : null;
  const list = enumeration ?? choices;
  const required = / Required\.$/.test(attribute.description ?? '');
  let input;
  if (list) input = el('select', { id });
  else if (type === 'boolean') input = el('input', { id, type: 'checkbox' });
  else if (type === 'number') input = el('input', { id, type: 'number', inputMode: 'decimal', placeholder: attribute.default ?? '' });
  else input = el('input', { id, type: 'text', placeholder: attribute.default ?? '', autocomplete: 'off', spellcheck: false });
  const describedBy = `${id}--about`;
  input.setAttribute('aria-describedby', describedBy);

  /** Shows a value (null: the attribute is absent). */
  const show = (value) => {
    if (list) {
      input.replaceChildren(...optionsOf(list, value, !required));
      input.value = value ?? '';
    } else if (type === 'boolean') input.checked = value !== null;
    else input.value = value ?? '';
  };
  input.addEventListener('change', () => {
    if (type === 'boolean') onChange(input.checked ? '' : null);
    else onChange(input.value === '' ? null : input.value);
  });
  const about = [attribute.description ?? '', NOT_IN_LINK.has(attribute.name) ? ' Not kept in the link: it is a proof of access.' : ''].join('');
  const row = el(
    'div',
    { className: type === 'boolean' ? 'control control--check' : 'control' },
    el('label', { htmlFor: id }, el('code', { textContent: attribute.name })),
    input,
    el('small', { id: describedBy, textContent: about }),
  );
  return { row, show, list };
}

// ---- One element's section -----------------------------------------------------------------------

/** The attributes an element starts with: the link's, else START_WITH, else the first of a required list. */
function startingAttributes(declaration, controls) {
  const start = new Map(Object.entries(START_WITH[declaration.tagName] ?? {}));
  for (const attribute of declaration.attributes ?? []) {
    const { list } = controls.get(attribute.name);
    if (!start.has(attribute.name) && list?.length && / Required\.$/.test(attribute.description ?? '')) start.set(attribute.name, list[0].value);
  }
  return start;
}

function sectionFor(declaration, storeChoices, linked) {
  const tagName = declaration.tagName;
  const attributes = declaration.attributes ?? [];
  const inPlace = new Set(CHANGED_IN_PLACE[tagName] ?? []);
  /** The attributes as set, in the manifest's order (the snippet's and the link's order). */
  let state = new Map();
  let element = null;

  const stage = el('div', { className: 'stage' });
  const log = el('ol', { className: 'log', ariaLabel: `Events from <${tagName}>` });
  const code = el('code');
  const copy = el('button', { type: 'button', className: 'button', textContent: 'Copy HTML' });
  const status = el('p', { className: 'copy-status', role: 'status' });
  const link = el('a', { className: 'state-link', textContent: 'Link to this element with these attributes' });

  const ordered = (map) => new Map(attributes.filter((a) => map.has(a.name)).map((a) => [a.name, map.get(a.name)]));

  function mount() {
    element = document.createElement(tagName);
    for (const [name, value] of state) element.setAttribute(name, value);
    for (const event of declaration.events ?? []) {
      element.addEventListener(event.name, (e) => log.append(el('li', { textContent: `${event.name} ${JSON.stringify(e.detail)}` })));
    }
    stage.replaceChildren(element);
  }

  function showState() {
    code.textContent = snippetOf(tagName, state);
    link.href = linkOf(tagName, state);
    for (const attribute of attributes) controls.get(attribute.name).show(state.has(attribute.name) ? state.get(attribute.name) : null);
  }

  function change(name, value) {
    const next = new Map(state);
    if (value === null) next.delete(name);
    else next.set(name, value);
    state = ordered(next);
    if (inPlace.has(name)) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    } else {
      mount();
    }
    showState();
    history.replaceState(history.state, '', location.pathname + location.search + linkOf(tagName, state));
  }

  const controls = new Map(attributes.map((a) => [a.name, controlFor(tagName, a, storeChoices.get(a.name) ?? null, (value) => change(a.name, value))]));

  /** Sets every attribute at once (from a link, or the start) and mounts the element. */
  function restore(values) {
    state = ordered(values);
    mount();
    showState();
  }

  copy.addEventListener('click', () => copySnippet(code.textContent, code, copy, status));
  restore(linked ? attributesOf(linked) : startingAttributes(declaration, controls));

  const headingId = `${tagName}--title`;
  const section = el(
    'section',
    { id: tagName },
    el('h2', { id: headingId }, el('code', { textContent: `<${tagName}>` })),
    el('p', { textContent: declaration.description ?? '' }),
    ...(TRY_IT[tagName] ? [el('p', { className: 'try-it', textContent: `Try it: ${TRY_IT[tagName]}` })] : []),
    el('div', { className: 'controls' }, ...[...controls.values()].map((c) => c.row)),
    el('div', { className: 'snippet' }, el('pre', {}, code), el('div', { className: 'snippet-actions' }, copy, link), status),
    stage,
    el('h3', { textContent: 'Events' }),
    log,
  );
  section.setAttribute('aria-labelledby', headingId);
  /** The link's attributes this element has; a name it does not know is left out. */
  function attributesOf(link) {
    return new Map([...link.attributes].filter(([name]) => controls.has(name)));
  }
  return { tagName, section, restore: (link) => restore(attributesOf(link)) };
}

async function main() {
  const target = document.getElementById('elements');
  try {
    const [manifest, storeChoices] = await Promise.all([getJson('/widgets/custom-elements.json'), readStoreChoices()]);
    const declarations = manifest.modules.flatMap((m) => m.declarations.filter((d) => d.customElement));
    const link = readLink();
    const sections = declarations.map((d) => sectionFor(d, storeChoices, link?.tagName === d.tagName ? link : null));
    const linked = sections.find((s) => s.tagName === link?.tagName);
    target.replaceChildren(
      el('nav', { ariaLabel: 'Elements' }, el('ul', {}, ...declarations.map((d) => el('li', {}, el('a', { href: `#${d.tagName}` }, el('code', { textContent: `<${d.tagName}>` })))))),
      ...sections.map((s) => s.section),
    );
    linked?.section.scrollIntoView();
    // A link followed on this page (or an address edited by hand) sets that element's state too.
    addEventListener('hashchange', () => {
      const next = readLink();
      const section = sections.find((s) => s.tagName === next?.tagName);
      if (!section) return;
      section.restore(next);
      section.section.scrollIntoView();
    });
  } catch (err) {
    target.replaceChildren(el('p', { textContent: `Could not read the widget manifest: ${err.message}` }));
  }
}

main();
