import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, InputGroup } from '@blueprintjs/core';
import { formatDateTime, PageHeader, useSession, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { addTask, editTask, loadTasks, removeTask, saveTasks, toggleTask, type TodoTask } from '../lib/todo-store.js';
import '../todo.css';

/** /todolist: tasks kept in this browser's localStorage, per user; never sent to the server. */
export default function TodoPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const owner = user?.id ?? 'anonymous';
  const [tasks, setTasks] = useState<TodoTask[]>(() => loadTasks(window.localStorage, owner));
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);

  useEffect(() => setTasks(loadTasks(window.localStorage, owner)), [owner]);
  const update = (next: TodoTask[]) => {
    setTasks(next);
    saveTasks(window.localStorage, owner, next);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    update(addTask(tasks, text));
    setText('');
  }

  function saveEdit(event: FormEvent) {
    event.preventDefault();
    if (editing) update(editTask(tasks, editing.id, editing.text));
    setEditing(null);
  }

  return (
    <div className="todo-page" data-testid="todo-page">
      <PageHeader title={t('title')} />
      <form className="todo-add" onSubmit={submit}>
        <InputGroup value={text} onChange={(e) => setText(e.target.value)} placeholder={t('placeholder')} aria-label={t('placeholder')} data-testid="todo-input" fill />
        <Button type="submit" intent="primary" icon="add" text={t('add')} data-testid="todo-add" />
      </form>
      {tasks.length === 0 && <p className="todo-empty">{t('empty')}</p>}
      <ul className="todo-list" data-testid="todo-list">
        {tasks.map((task) => (
          <li key={task.id} data-testid="todo-item">
            <Card compact className={task.done ? 'todo-done' : undefined}>
              {editing?.id === task.id ? (
                <form className="todo-add" onSubmit={saveEdit}>
                  <InputGroup value={editing.text} onChange={(e) => setEditing({ id: task.id, text: e.target.value })} autoFocus fill data-testid="todo-edit-input" />
                  <Button type="submit" intent="primary" text={t('save')} data-testid="todo-edit-save" />
                  <Button minimal text={t('cancel')} onClick={() => setEditing(null)} />
                </form>
              ) : (
                <div className="todo-row">
                  <Checkbox checked={task.done} onChange={() => update(toggleTask(tasks, task.id))} aria-label={t('done')} data-testid="todo-done" />
                  <div className="todo-text">
                    <span data-testid="todo-text">{task.text}</span>
                    <small>
                      {t('created', { date: formatDateTime(task.createdAt) })} · {t('updated', { date: formatDateTime(task.updatedAt) })}
                    </small>
                  </div>
                  <Button minimal icon="edit" aria-label={t('edit')} onClick={() => setEditing({ id: task.id, text: task.text })} data-testid="todo-edit" />
                  <Button minimal icon="trash" intent="danger" aria-label={t('delete')} onClick={() => update(removeTask(tasks, task.id))} data-testid="todo-delete" />
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
