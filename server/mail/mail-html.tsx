/**
 * A mail's HTML part, from React Email's components: tables for the layout (what Outlook and every
 * webmail lay out alike), inline styles only (Gmail drops a <style> block on some clients), one
 * column of at most 600 px that narrows with the screen, and the store's name and colours.
 *
 * Rendered with react-dom's renderToStaticMarkup, which is synchronous: the templates run inside the
 * transaction that queues their mail, and keep the synchronous signatures their callers use.
 */
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MailBrand } from './mail-brand';
import type { MailBlock, MailDocument, MailLine, MailRow } from './mail-document';

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const DISPLAY_FONT = "Georgia,'Times New Roman',serif";
/** Long words (an e-mail address, a product code) wrap instead of widening a phone's screen. */
const WRAP: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' };
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export function mailHtml(doc: MailDocument, brand: MailBrand): string {
  return DOCTYPE + renderToStaticMarkup(<MailHtml doc={doc} brand={brand} />);
}

function MailHtml({ doc, brand }: { doc: MailDocument; brand: MailBrand }) {
  const c = brand.colors;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Light only: a client's dark mode then inverts the whole mail rather than half of it. */}
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{doc.subject}</title>
      </Head>
      <Body style={{ backgroundColor: c.background, margin: 0, padding: '24px 8px', fontFamily: FONT, color: c.text }}>
        <Preview>{doc.preview}</Preview>
        <Container style={{ maxWidth: '600px', backgroundColor: '#ffffff', border: `1px solid ${c.line}`, borderTop: `4px solid ${c.accent}`, borderRadius: '6px' }}>
          <Section style={{ padding: '20px 24px 0' }}>
            {brand.storeUrl ? (
              <Link href={brand.storeUrl} style={{ color: c.accent, fontFamily: DISPLAY_FONT, fontSize: '20px', fontWeight: 700, ...WRAP }}>
                {brand.storeName}
              </Link>
            ) : (
              <Text style={{ color: c.accent, fontFamily: DISPLAY_FONT, fontSize: '20px', fontWeight: 700, margin: 0, ...WRAP }}>{brand.storeName}</Text>
            )}
          </Section>
          <Section style={{ padding: '4px 24px 24px', ...WRAP }}>
            <Heading as="h1" style={{ fontFamily: DISPLAY_FONT, fontSize: '24px', lineHeight: '30px', fontWeight: 600, color: c.text, margin: '16px 0', ...WRAP }}>
              {doc.heading}
            </Heading>
            {doc.blocks.map((block, i) => (
              <Block key={i} block={block} brand={brand} />
            ))}
          </Section>
        </Container>
        <Container style={{ maxWidth: '600px' }}>
          <Section style={{ padding: '16px 24px 0' }}>
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: c.muted, margin: 0, ...WRAP }}>
              {brand.storeName}
              {brand.contactLines.map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
              {brand.storeUrl ? (
                <>
                  <br />
                  <Link href={brand.storeUrl} style={{ color: c.muted, textDecorationLine: 'underline' }}>
                    {brand.storeUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  </Link>
                </>
              ) : null}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function Block({ block, brand }: { block: MailBlock; brand: MailBrand }): ReactNode {
  const c = brand.colors;
  switch (block.kind) {
    case 'paragraph':
      return <Text style={{ fontSize: '15px', lineHeight: '24px', color: block.muted ? c.muted : c.text, margin: '0 0 16px', whiteSpace: 'pre-line' }}>{block.text}</Text>;
    case 'heading':
      return (
        <Heading as="h2" style={{ fontSize: '17px', lineHeight: '24px', fontWeight: 600, color: c.text, margin: '24px 0 8px' }}>
          {block.text}
        </Heading>
      );
    case 'rows':
      return <Rows rows={block.rows} brand={brand} />;
    case 'lines':
      return <Lines lines={block.lines} totals={block.totals} brand={brand} />;
    case 'address':
      return (
        <Text style={{ fontSize: '15px', lineHeight: '22px', color: c.text, margin: '0 0 16px' }}>
          <strong>{block.title}</strong>
          {block.lines.map((line, i) => (
            <span key={i}>
              <br />
              {line}
            </span>
          ))}
        </Text>
      );
    case 'action':
      return (
        <Section style={{ margin: '8px 0 16px' }}>
          <Button href={block.href} style={{ backgroundColor: c.accent, color: c.accentText, borderRadius: '6px', padding: '12px 20px', fontSize: '15px', fontWeight: 600 }}>
            {block.text}
          </Button>
        </Section>
      );
  }
}

const cell = (c: MailBrand['colors'], style: CSSProperties): CSSProperties => ({ padding: '8px 0', borderBottom: `1px solid ${c.line}`, fontSize: '15px', lineHeight: '22px', verticalAlign: 'top', ...WRAP, ...style });

function Rows({ rows, brand }: { rows: MailRow[]; brand: MailBrand }) {
  const c = brand.colors;
  return (
    <table role="presentation" width="100%" cellPadding="0" cellSpacing="0" style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td style={cell(c, { width: '40%', paddingRight: '12px', color: c.muted })}>{row.label}</td>
            <td style={cell(c, { fontWeight: 600, whiteSpace: 'pre-line' })}>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Lines({ lines, totals, brand }: { lines: MailLine[]; totals: MailRow[]; brand: MailBrand }) {
  const c = brand.colors;
  const head: CSSProperties = { padding: '0 0 6px', borderBottom: `2px solid ${c.line}`, fontSize: '13px', color: c.muted, fontWeight: 600 };
  return (
    <table role="presentation" width="100%" cellPadding="0" cellSpacing="0" style={{ borderCollapse: 'collapse', margin: '8px 0 16px' }}>
      <thead>
        <tr>
          <th align="left" style={head}>
            Item
          </th>
          <th align="center" style={{ ...head, width: '44px' }}>
            Qty
          </th>
          <th align="right" style={{ ...head, width: '96px' }}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td style={cell(c, { paddingRight: '8px' })}>
              <strong>{line.title}</strong>
              {line.details.length ? (
                <>
                  <br />
                  <span style={{ fontSize: '13px', color: c.muted }}>{line.details.join(' · ')}</span>
                </>
              ) : null}
              {line.note ? (
                <>
                  <br />
                  <span style={{ fontSize: '13px', color: c.muted, fontStyle: 'italic', whiteSpace: 'pre-line' }}>Note: {line.note}</span>
                </>
              ) : null}
            </td>
            <td align="center" style={cell(c, {})}>
              {line.qty}
            </td>
            <td align="right" style={cell(c, { whiteSpace: 'nowrap' })}>
              {line.total}
            </td>
          </tr>
        ))}
        {totals.map((row, i) => {
          const last = i === totals.length - 1;
          const style: CSSProperties = { padding: last ? '10px 0 0' : '6px 0 0', fontSize: last ? '17px' : '15px', fontWeight: last ? 700 : 400 };
          return (
            <tr key={`t${i}`}>
              <td colSpan={2} align="right" style={{ ...style, paddingRight: '12px', color: last ? c.text : c.muted }}>
                {row.label}
              </td>
              <td align="right" style={{ ...style, whiteSpace: 'nowrap' }}>
                {row.value}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
