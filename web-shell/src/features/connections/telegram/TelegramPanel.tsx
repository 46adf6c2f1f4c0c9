import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Connection } from '@guiche/contracts';
import { serverValidationErrors, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { fetchTelegramBot, saveTelegramToken } from './telegram-api.js';
import { TELEGRAM_NS } from './register.js';

/**
 * The Telegram part of the connection dialog: the bot token from @BotFather (checked by the server
 * with getMe; a blank field keeps the stored one), the bot's name and how updates arrive.
 */
export function TelegramPanel({ connection }: { connection?: Connection }) {
  const { t } = useTranslation(TELEGRAM_NS);
  const queryClient = useQueryClient();
  const id = connection?.id;
  const query = useQuery({ queryKey: ['telegram-bot', id], queryFn: () => fetchTelegramBot(id!), enabled: id !== undefined });
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (id === undefined) {
    return (
      <Callout intent={Intent.PRIMARY} compact data-testid="telegram-save-first">
        {t('saveFirst')}
      </Callout>
    );
  }
  const bot = query.data;

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await saveTelegramToken(id, token);
      setToken('');
      toastSuccess(t('saved', { username: saved.username }));
      queryClient.setQueryData(['telegram-bot', id], saved);
    } catch (err) {
      const fields = serverValidationErrors<{ token: string }>(err);
      if (fields?.token) setError(fields.token as string);
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const message = error ? t(error, { ns: 'translation' }) : undefined;
  return (
    <fieldset className="cn-form__import" data-testid="telegram-panel">
      <legend>{t('title')}</legend>
      {bot?.lastError && (
        <Callout intent={Intent.DANGER} compact>
          {t('lastError', { error: bot.lastError })}
        </Callout>
      )}
      {bot?.configured && (
        <p data-testid="telegram-bot">
          {t('bot', { username: bot.username })} · {t(bot.mode === 'webhook' ? 'modeWebhook' : 'modePolling')}
        </p>
      )}
      <FormGroup
        label={t('token')}
        labelFor="telegram-token"
        intent={message ? Intent.DANGER : Intent.NONE}
        helperText={message ?? (bot?.token ? t('tokenKept', { masked: bot.token }) : t('tokenHelp'))}
      >
        <InputGroup id="telegram-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.currentTarget.value)} intent={message ? Intent.DANGER : Intent.NONE} data-testid="telegram-token" />
      </FormGroup>
      <Button intent={Intent.PRIMARY} text={t('save')} loading={saving} disabled={!token.trim()} onClick={() => void save()} data-testid="telegram-save" />
    </fieldset>
  );
}
