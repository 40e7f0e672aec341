// Layout pieces of the configuration forms: a grid of fields that folds to one column on a phone,
// a bordered group for one item of a list (a WAN line, a pool, a rule), and a scrolling table box.
import styled from 'styled-components';

export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
`;

export const ItemGroup = styled.fieldset`
  margin: 0;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  legend { padding: 0 ${({ theme }) => theme.space.xs}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

/** A wide table scrolls sideways on a phone instead of squeezing its columns. */
export const ScrollBox = styled.div`
  overflow-x: auto;
  max-width: 100%;
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th { font-size: ${({ theme }) => theme.fontSizes.sm}; white-space: nowrap; }
`;
