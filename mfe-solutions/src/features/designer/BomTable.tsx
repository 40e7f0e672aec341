// The bill of materials as a plain table that scrolls sideways on a phone; the recommendation and
// the preview fill its cells (a model select, quantity and remark fields).
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Scroll = styled.div`
  overflow-x: auto;
  table {
    border-collapse: collapse;
    width: 100%;
    min-width: 560px;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  /* the reason stays readable on a phone: the table scrolls rather than squeezing it */
  td:last-child {
    min-width: 16rem;
  }
`;

export function BomTable({ label, headers, children }: { label: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <Scroll>
      <table aria-label={label}>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </Scroll>
  );
}

export const CellField = styled.div`
  label {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`;

/** A titled list (deployment advice, advantages); nothing when empty. */
export function TextList({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {items.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </section>
  );
}
