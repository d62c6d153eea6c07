/** A card of the order's detail, named by its heading; the heading takes focus when what was focused in it is gone. */
import type { ReactNode, Ref } from 'react';

export function Section({
  id,
  title,
  children,
  className,
  headingRef,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string | undefined;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className={`card order-section${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 className="section-title" id={id} {...(headingRef ? { ref: headingRef, tabIndex: -1 } : {})}>
        {title}
      </h2>
      {children}
    </section>
  );
}
