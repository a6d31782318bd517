// The example's page: signs in through POST /auth/login, then lists the caller's todos from
// GET /todo and adds one with POST /todo. Plain DOM, no build step; the token stays in memory.
const status = document.querySelector('#status');
const list = document.querySelector('#todos');
const add = document.querySelector('#add');
let token;

async function api(path, init = {}) {
  const response = await fetch(path, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.message ?? `HTTP ${response.status}`);
  return body;
}

async function refresh() {
  const todos = await api('/todo');
  list.replaceChildren(
    ...todos.map((todo) => {
      const item = document.createElement('li');
      item.className = todo.done ? 'done' : '';
      item.dataset.id = String(todo.id);
      const name = document.createElement('span');
      name.textContent = todo.title;
      const state = document.createElement('small');
      state.textContent = todo.done ? 'done' : 'open';
      item.append(name, state);
      return item;
    }),
  );
  status.textContent = todos.length === 0 ? 'No todos yet.' : `${todos.length} todo${todos.length === 1 ? '' : 's'}.`;
}

document.querySelector('#login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  try {
    ({ access_token: token } = await api('/auth/login', { method: 'POST', body: JSON.stringify(Object.fromEntries(form)) }));
    add.hidden = false;
    await refresh();
  } catch (error) {
    status.textContent = `Sign-in failed: ${error.message}`;
  }
});

add.addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  try {
    await api('/todo', { method: 'POST', body: JSON.stringify({ name: form.get('name'), priority: 1, colorLabel: '#3b82f6' }) });
    event.target.reset();
    await refresh();
  } catch (error) {
    status.textContent = `Not added: ${error.message}`;
  }
});
