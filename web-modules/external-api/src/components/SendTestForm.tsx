import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, FileInput, FormGroup, H4, InputGroup, TextArea } from '@blueprintjs/core';
import { i18n, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { sendTest, validate, type FieldErrors, type SendAnswer } from '../lib/send';

/** One of the page's two test forms (text or media): it calls the real endpoint and shows the answer. */
export function SendTestForm({ kind, pickedToken }: { kind: 'text' | 'media'; pickedToken?: string }) {
  const { t } = useTranslation(NS);
  const [token, setToken] = useState(pickedToken ?? '');
  // A connection picked at the top of the page fills the token.
  useEffect(() => {
    if (pickedToken) setToken(pickedToken);
  }, [pickedToken]);
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [answer, setAnswer] = useState<SendAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const id = (field: string) => `api-${kind}-${field}`;
  const error = (field: keyof FieldErrors) => (errors[field] ? { helperText: i18n.t(errors[field]!), intent: 'danger' as const } : {});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate({ token, number, body, files }, kind);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      let result: SendAnswer;
      if (kind === 'text') {
        result = await sendTest(token, JSON.stringify({ number: number.trim(), body }), true);
      } else {
        const form = new FormData();
        form.set('number', number.trim());
        form.set('body', body);
        for (const file of files) form.append('medias', file, file.name);
        result = await sendTest(token, form, false);
      }
      setAnswer(result);
      if (result.status === 202) toastSuccess(t('sent'));
    } catch (err) {
      setAnswer({ status: 0, body: String(err) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="mapi-form" data-testid={`messages-api-form-${kind}`}>
      <H4>{t(`${kind}.title`)}</H4>
      <form onSubmit={submit} noValidate>
        <FormGroup label={t('form.token')} labelFor={id('token')} labelInfo="*" {...error('token')}>
          <InputGroup id={id('token')} value={token} onChange={(e) => setToken(e.target.value)} intent={errors.token ? 'danger' : 'none'} />
        </FormGroup>
        <FormGroup label={t('form.number')} labelFor={id('number')} labelInfo="*" {...error('number')}>
          <InputGroup id={id('number')} value={number} inputMode="numeric" placeholder="5511999998888" onChange={(e) => setNumber(e.target.value)} intent={errors.number ? 'danger' : 'none'} />
        </FormGroup>
        <FormGroup label={kind === 'text' ? t('form.body') : t('form.caption')} labelFor={id('body')} labelInfo={kind === 'text' ? '*' : undefined} {...error('body')}>
          <TextArea id={id('body')} value={body} fill rows={3} onChange={(e) => setBody(e.target.value)} intent={errors.body ? 'danger' : 'none'} />
        </FormGroup>
        {kind === 'media' && (
          <FormGroup label={t('form.file')} labelFor={id('file')} labelInfo="*" {...error('file')}>
            <FileInput
              fill
              text={files.length ? files.map((f) => f.name).join(', ') : t('form.file')}
              inputProps={{ id: id('file'), multiple: true, onChange: (e) => setFiles(Array.from((e.target as HTMLInputElement).files ?? [])) }}
            />
          </FormGroup>
        )}
        <Button type="submit" intent="primary" icon="send-message" loading={sending} data-testid={`messages-api-send-${kind}`} text={t(`${kind}.send`)} />
      </form>
      {answer && (
        <div className="mapi-answer">
          <strong>
            {t('answer')}: {answer.status}
          </strong>
          <pre data-testid={`messages-api-answer-${kind}`}>{JSON.stringify(answer.body, null, 2)}</pre>
        </div>
      )}
    </Card>
  );
}
