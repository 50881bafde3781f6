// The Toolspill console: no framework, no inline script (the Content-Security-Policy allows this file only), and no
// HTML built from data: every value reaches the page through textContent, so nothing the ledger holds can run.
// The API key stays in this tab's sessionStorage and goes to /console/api only, as Authorization: Bearer; no cookie.
'use strict';

const KEY = 'toolspill.console.key';
const $ = (id) => document.getElementById(id);

function key() { return sessionStorage.getItem(KEY); }

async function api(path) {
  const response = await fetch('/console/api' + path, { headers: { Authorization: 'Bearer ' + key(), Accept: 'application/json' }, cache: 'no-store' });
  if (response.status === 401) {
    sessionStorage.removeItem(KEY);
    throw new Error('This key is not accepted: sign in again.');
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(body.detail || body.title || ('HTTP ' + response.status));
  }
  return body;
}

function showError(error) {
  const box = $('error');
  box.textContent = error ? error.message : '';
  box.hidden = !error;
}

function cell(row, value, className) {
  const td = document.createElement('td');
  td.textContent = value === null || value === undefined ? '' : String(value);
  if (className) { td.className = className; }
  row.appendChild(td);
  return td;
}

function number(n) { return n === null || n === undefined ? '' : Number(n).toLocaleString('en-US'); }

async function signedIn() {
  const me = await api('/me');
  $('who').textContent = me.operator ? 'operator' + (me.tenant ? ' (' + me.tenant + ')' : '') + ': every tenant' : 'tenant ' + me.tenant;
  $('sign-out').hidden = false;
  return me;
}

function wireSignOut() {
  $('sign-out').addEventListener('click', () => { sessionStorage.removeItem(KEY); location.assign('/console'); });
}

// the list of calls
async function callsPage() {
  const form = $('sign-in');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY, $('key').value.trim());
    $('key').value = '';
    start().catch(showError);
  });
  $('filters').addEventListener('submit', (event) => { event.preventDefault(); list().catch(showError); });
  async function start() {
    if (!key()) { form.hidden = false; return; }
    try {
      const me = await signedIn();
      form.hidden = true;
      $('f-tenant-label').hidden = !me.operator;
      $('ledger-off').hidden = me.ledger !== 'off';
      $('calls').hidden = false;
      showError(null);
      await list();
    } catch (error) {
      form.hidden = !!key();
      if (!key()) { form.hidden = false; }
      throw error;
    }
  }
  await start();
}

async function list() {
  const query = new URLSearchParams();
  const tool = $('f-tool').value.trim();
  const disposition = $('f-disposition').value;
  const tenant = $('f-tenant').value.trim();
  if (tool) { query.set('tool', tool); }
  if (disposition) { query.set('disposition', disposition); }
  if (tenant) { query.set('tenant', tenant); }
  query.set('from', new Date(Date.now() - Number($('f-hours').value) * 3600 * 1000).toISOString());
  const page = await api('/calls?' + query);
  const totals = $('totals').tBodies[0];
  totals.replaceChildren();
  for (const total of page.totals.concat(page.calls.length ? [page.total] : [])) {
    const row = totals.insertRow();
    cell(row, total.tool);
    cell(row, number(total.calls), 'num');
    cell(row, number(total.tool_bytes), 'num');
    cell(row, number(total.history_bytes), 'num');
    cell(row, number(total.history_tokens), 'num');
    cell(row, number(total.kept_out_bytes), 'num');
  }
  $('matched').textContent = '(' + page.calls.length + ' of ' + page.matched
      + (page.partial ? ' in the newest part of the range: narrow it to see older calls' : '') + ')';
  const body = $('list').tBodies[0];
  body.replaceChildren();
  for (const call of page.calls) {
    const row = body.insertRow();
    row.dataset.id = call.id;
    const time = cell(row, '');
    const link = document.createElement('a');
    link.href = '/console/call?id=' + encodeURIComponent(call.id);
    link.textContent = call.at.replace('T', ' ').replace('Z', '');
    time.appendChild(link);
    cell(row, call.tenant);
    cell(row, call.tool);
    cell(row, call.call_id);
    cell(row, call.status, call.status === 'error' ? 'status-error' : null);
    cell(row, call.disposition);
    cell(row, number(call.tool_bytes), 'num');
    cell(row, number(call.history_bytes), 'num');
    cell(row, number(call.history_tokens), 'num');
    cell(row, call.blob_id);
  }
}

// one call
async function callPage() {
  if (!key()) { location.assign('/console'); return; }
  await signedIn();
  const id = new URLSearchParams(location.search).get('id') || '';
  const call = await api('/calls/' + encodeURIComponent(id));
  $('title').textContent = (call.kind === 'ingest' ? 'Ingest of ' : 'Call of ') + call.tool + (call.call_id ? ' (' + call.call_id + ')' : '');
  const facts = $('facts');
  const fact = (name, value) => {
    if (value === null || value === undefined) { return; }
    const dt = document.createElement('dt'); dt.textContent = name;
    const dd = document.createElement('dd'); dd.textContent = String(value);
    facts.append(dt, dd);
  };
  fact('Time (UTC)', call.at);
  fact('Tenant', call.tenant);
  fact('Status', call.status);
  fact('Disposition', call.disposition);
  fact('Bytes the tool returned', number(call.tool_bytes));
  fact('Bytes in the history', number(call.history_bytes));
  fact('Tokens in the history (o200k_base)', number(call.history_tokens));
  fact('Bytes kept out of the history', number(call.kept_out_bytes));
  fact('Blob', call.blob_id);
  fact('Blob kind', call.blob_kind);
  fact({ text: 'Lines', json_array: 'Entries', json_object: 'Keys' }[call.blob_kind] || 'Count', call.blob_count);
  $('answer').textContent = call.answer || '';
  $('call').hidden = false;
  if (!call.blob_id) { return; }
  $('full').hidden = false;
  const copy = async (text) => {
    try { await navigator.clipboard.writeText(text); $('copied').textContent = 'Copied: ' + text; }
    catch (e) { $('copied').textContent = text; }
  };
  const inspectCall = () => JSON.stringify({ name: 'inspect', arguments: { blob_id: call.blob_id, selector: $('shown-selector').textContent || undefined } });
  $('copy-blob').hidden = false;
  $('copy-inspect').hidden = false;
  $('copy-blob').addEventListener('click', () => copy(call.blob_id));
  $('copy-inspect').addEventListener('click', () => copy(inspectCall()));
  let next = null;
  const read = async (selector) => {
    const query = selector ? '?selector=' + encodeURIComponent(selector) : '';
    const part = await api('/blobs/' + encodeURIComponent(call.blob_id) + '/inspect' + query);
    $('shown-selector').textContent = selector || '';
    $('part').textContent = part.text;
    next = part.next || following(selector, call.blob_count);
    $('next').hidden = !next;
    showError(null);
  };
  $('reader').addEventListener('submit', (event) => { event.preventDefault(); read($('selector').value.trim()).catch(showError); });
  $('search').addEventListener('submit', (event) => {
    event.preventDefault();
    const pattern = $('pattern').value;
    if (pattern) { read('grep:' + JSON.stringify(pattern) + ' context:1').catch(showError); }
  });
  $('next').addEventListener('click', () => { if (next) { $('selector').value = next; read(next).catch(showError); } });
  const first = { text: 'lines:1-200', json_array: 'slice:0..50' }[call.blob_kind] || '';
  await read($('selector').value.trim() || first);
}

// The page after a lines: or slice: range of the same size, while the blob has more (inspect names the next part
// itself only when the limit cut an answer short).
function following(selector, count) {
  if (!selector || count === null || count === undefined) { return null; }
  let match = /^lines:(\d+)-(\d+)$/.exec(selector);
  if (match) {
    const from = Number(match[1]); const to = Number(match[2]);
    return to < count ? 'lines:' + (to + 1) + '-' + Math.min(count, to + 1 + (to - from)) : null;
  }
  match = /^slice:(\d+)\.\.(\d+)$/.exec(selector);
  if (match) {
    const from = Number(match[1]); const to = Number(match[2]);
    return to < count ? 'slice:' + to + '..' + Math.min(count, to + (to - from)) : null;
  }
  return null;
}

document.addEventListener('DOMContentLoaded', () => {
  wireSignOut();
  const page = document.body.dataset.page === 'call' ? callPage : callsPage;
  page().catch(showError);
});
