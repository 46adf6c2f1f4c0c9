import type { ChatMessage } from '@guiche/contracts';
import { formatDateTime } from '@guiche/web-sdk';
import { MessageMedia } from './MessageMedia';

/** One message: sender, DD/MM/YYYY HH:mm, attachment and text; mine sit on the other side. */
export function MessageBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { mediaPath } = message;
  // A file sent without a caption carries its own name as text; showing it twice adds nothing.
  const text = message.message && message.message !== message.mediaName ? message.message : '';
  return (
    <li className={`ic-message${mine ? ' ic-message--mine' : ''}`} data-testid="chat-message" data-mine={mine}>
      <div className="ic-message__bubble">
        <div className="ic-message__meta">
          <strong className="ic-message__sender">{message.sender.name}</strong>
          <time className="ic-message__time" dateTime={message.createdAt}>
            {formatDateTime(message.createdAt)}
          </time>
        </div>
        {mediaPath && <MessageMedia message={{ ...message, mediaPath }} />}
        {text && <p className="ic-message__text">{text}</p>}
      </div>
    </li>
  );
}
