// The data screen's dark wall theme: a full-bleed dark surface with panels, readable from across
// a room; panels reflow to one column on a phone.
import styled from 'styled-components';

export const wall = {
  background: '#0b1220',
  panel: '#111a2e',
  border: '#1f2a44',
  text: '#e6edf7',
  muted: '#9fb0cc',
  accent: '#38bdf8',
  series: ['#38bdf8', '#a78bfa', '#34d399', '#fbbf24', '#f87171', '#f472b6', '#22d3ee', '#a3e635', '#fb923c'],
} as const;

export const Wall = styled.div<{ $idle?: boolean }>`
  background: ${wall.background};
  color: ${wall.text};
  min-height: 100vh;
  box-sizing: border-box;
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 16px;
  font-size: 15px;
  [data-dim] {
    transition: opacity 0.6s;
    opacity: ${({ $idle }) => ($idle ? 0.25 : 1)};
  }
  a { color: ${wall.accent}; }
`;

export const Panels = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
`;

export const Panel = styled.section`
  background: ${wall.panel};
  border: 1px solid ${wall.border};
  border-radius: 8px;
  padding: 12px 16px;
  min-width: 0;
  h2 {
    margin: 0 0 8px;
    font-size: 16px;
    font-weight: 600;
    color: ${wall.muted};
  }
`;

export const Muted = styled.p`
  color: ${wall.muted};
  margin: 4px 0;
`;
