/**
 * What an element shows in place of itself when it is configured wrongly or fails: a short title and
 * the reasons, styled by the element base's stylesheet and reachable from the host page as
 * `::part(message)`.
 */
export interface ElementMessageProps {
  tagName: string;
  title: string;
  reasons: readonly string[];
}

export function ElementMessage({ tagName, title, reasons }: ElementMessageProps) {
  return (
    <div part="message" className="sr-element-message" role="alert">
      <strong>
        &lt;{tagName}&gt;: {title}
      </strong>
      {reasons.length > 0 && (
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const elementMessageCss = `
.sr-element-message { border: 1px solid var(--showroom-danger, #b42318); border-radius: var(--sr-radius); color: var(--showroom-danger, #b42318); padding: 10px 14px; }
.sr-element-message ul { margin: 6px 0 0; padding-left: 20px; }
`;
