/**
 * A tiny XML writer for the e-invoice documents: elements with attributes and text, every value
 * escaped, characters XML 1.0 cannot carry dropped. No parser and no dependency: the shape of the
 * document is fixed by the code that calls it.
 */

export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  children?: readonly XmlNode[];
  text?: string;
}

/** An element, or nothing (an optional element that is absent is left out). */
export type XmlNode = XmlElement | null | false | undefined;

// Control characters other than tab, line feed and carriage return are not allowed in XML 1.0,
// nor are lone surrogates or U+FFFE/U+FFFF.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute value made safe to place between tags or quotes. */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An element builder: `el('cbc:ID', '42')`, `el('cac:Party', [children])`, with attributes. */
export function el(
  name: string,
  content: string | readonly XmlNode[],
  attributes?: Record<string, string>,
): XmlElement {
  return typeof content === 'string' ? { name, text: content, attributes } : { name, children: content, attributes };
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const children = (node.children ?? []).filter((child): child is XmlElement => Boolean(child));
  if (children.length > 0) {
    out.push(`${indent}<${node.name}${attributes}>`);
    for (const child of children) write(child, depth + 1, out);
    out.push(`${indent}</${node.name}>`);
  } else {
    out.push(`${indent}<${node.name}${attributes}>${escapeXml(node.text ?? '')}</${node.name}>`);
  }
}

/** A whole document: the XML declaration, then the root element, indented, ending in a new line. */
export function writeXmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
