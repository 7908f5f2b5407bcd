import type { ComponentType, ReactNode } from 'react';
import { parseChatMarkdown, type Inline } from './chat-markdown.ts';

/** How the app renders links to its own pages (React Router's `Link`); plain anchors otherwise. */
export type ChatLinkComponent = ComponentType<{
  to: string;
  className?: string;
  children?: ReactNode;
}>;

const LINK_CLASS = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function ChatLink({
  href,
  external,
  linkComponent: LinkComponent,
  children,
}: {
  href: string;
  external: boolean;
  linkComponent?: ChatLinkComponent;
  children: ReactNode;
}) {
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (LinkComponent) {
    return (
      <LinkComponent to={href} className={LINK_CLASS}>
        {children}
      </LinkComponent>
    );
  }
  return (
    <a href={href} className={LINK_CLASS}>
      {children}
    </a>
  );
}

function InlineText({
  pieces,
  linkComponent,
}: {
  pieces: Inline[];
  linkComponent?: ChatLinkComponent;
}) {
  return pieces.map((piece, index) => {
    if (piece.type === 'strong') return <strong key={index}>{piece.text}</strong>;
    if (piece.type === 'link') {
      return (
        <ChatLink
          key={index}
          href={piece.href}
          external={piece.external}
          linkComponent={linkComponent}
        >
          {piece.text}
        </ChatLink>
      );
    }
    return <span key={index}>{piece.text}</span>;
  });
}

/** An assistant's answer: its markdown as elements (see chat-markdown.ts), never as HTML. */
export function ChatText({
  content,
  linkComponent,
}: {
  content: string;
  linkComponent?: ChatLinkComponent;
}) {
  return (
    <div className="space-y-2">
      {parseChatMarkdown(content).map((block, index) =>
        block.type === 'list' ? (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineText pieces={item} linkComponent={linkComponent} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <span key={lineIndex}>
                {lineIndex > 0 && <br />}
                <InlineText pieces={line} linkComponent={linkComponent} />
              </span>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
