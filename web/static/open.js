// The page that opens any game (web/API.md, "Open any game"): a PDN file
// or a game's log, dropped or chosen, is sent as it is to the server,
// which reads it with the project's import and log reader; each game it
// holds is listed with its tags, a link to its replay page.

import {loadLanguage, t} from '/static/i18n.js';

const $ = (name) => document.getElementById(name);

// A game's line: its number and turns, then each tag as "name: value".
function gameItem(game) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = `/g/${game.key}/replay?turn=0`;
  a.textContent = t('web.open.game', {n: game.index, plies: game.plies});
  li.append(a);
  const tags = document.createElement('span');
  tags.className = 'tags';
  tags.textContent = game.tags.map((tag) => `${tag.name}: ${tag.value}`).join(' · ');
  li.append(tags);
  return li;
}

async function open(file) {
  $('error').textContent = '';
  $('status').textContent = t('web.open.reading', {name: file.name});
  $('games').replaceChildren();
  $('refused').replaceChildren();
  $('games-heading').hidden = true;
  const res = await fetch(`/api/games?rules=${$('rules').value}`, {
    method: 'POST',
    headers: {'Content-Type': 'application/octet-stream'},
    body: await file.arrayBuffer(),
  }).catch(() => null);
  $('status').textContent = '';
  if (!res) {
    $('error').textContent = t('web.unreachable');
    return;
  }
  const body = await res.json();
  if (!res.ok) {
    $('error').textContent = body.error;
    return;
  }
  $('games-heading').hidden = false;
  $('games-heading').textContent = t('web.open.games', {name: file.name, n: body.games.length});
  $('games').replaceChildren(...body.games.map(gameItem));
  $('refused').replaceChildren(...body.refused.map((r) => {
    const li = document.createElement('li');
    li.textContent = t('web.open.refused', {n: r.index, reason: r.reason});
    return li;
  }));
}

$('file').addEventListener('change', () => {
  if ($('file').files.length) open($('file').files[0]);
});
const drop = $('drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  if (e.dataTransfer.files.length) open(e.dataTransfer.files[0]);
});

loadLanguage();
