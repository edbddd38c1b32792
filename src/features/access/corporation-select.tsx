// The back-office screens' corporation picker: a Mantine Select (or, with `multiple`, a MultiSelect)
// whose options are corporations, { value: String(IcdCorporationID), label: ClientName }. By default
// the list is the corporations lookup (useCorporations: the same query key, cache and staleness as
// before); a screen whose list has another source (payroll's own endpoint, the organisation screens'
// list with its access flags, a cache a feature invalidates on its own) passes that query as `source`.
// While the list loads the field shows a spinner, and 'Loading…' as its placeholder (unless it has
// one) and in its open dropdown. Every other Select/MultiSelect prop (label, value, clearable,
// searchable, required, data-testid…) is the screen's and passes through unchanged.
import { MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useCorporations } from './shared';

export interface CorporationOption {
  IcdCorporationID: number;
  ClientName: string;
}

/** The part of a corporations query result the picker reads (a TanStack Query result fits). */
export interface CorporationSource<C extends CorporationOption = CorporationOption> {
  data: readonly C[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface SourceProps<C extends CorporationOption> {
  /** Where the list comes from; the corporations lookup when omitted. */
  source?: CorporationSource<C>;
  /** Keeps only the corporations it accepts (e.g. those the user may update). */
  include?: (corporation: C) => boolean;
  /** Offered too when the list does not hold them (e.g. a record's linked corporations). */
  extra?: readonly CorporationOption[] | null;
  /** A failed list shows its error message as the field's error (when the field has none). */
  showLoadError?: boolean;
  /** Searchable unless false. */
  searchable?: boolean;
}

type SingleProps = { multiple?: false } & Omit<SelectProps, 'data' | 'searchable'>;
type MultipleProps = { multiple: true } & Omit<MultiSelectProps, 'data' | 'searchable'>;

export type CorporationSelectProps<C extends CorporationOption = CorporationOption> = SourceProps<C> &
  (SingleProps | MultipleProps);

/** The options: the list (filtered by `include`) in its order, then the extras it lacks. */
export function corporationOptions<C extends CorporationOption>(
  list: readonly C[],
  include?: (corporation: C) => boolean,
  extra?: readonly CorporationOption[] | null,
): { value: string; label: string }[] {
  const toOption = (c: CorporationOption) => ({ value: String(c.IcdCorporationID), label: c.ClientName });
  const options = (include ? list.filter(include) : list).map(toOption);
  for (const c of extra ?? [])
    if (!options.some((o) => o.value === String(c.IcdCorporationID))) options.push(toOption(c));
  return options;
}

export function CorporationSelect<C extends CorporationOption = CorporationOption>(
  props: CorporationSelectProps<C>,
) {
  return props.source ? (
    <CorporationField {...props} source={props.source} />
  ) : (
    // Without a source the list is the lookup's, whose items are plain CorporationOptions.
    <LookupCorporationSelect {...(props as CorporationSelectProps)} />
  );
}

function LookupCorporationSelect(props: CorporationSelectProps) {
  const lookup = useCorporations();
  return <CorporationField {...props} source={lookup} />;
}

function CorporationField<C extends CorporationOption>({
  source,
  include,
  extra,
  showLoadError,
  searchable = true,
  ...field
}: CorporationSelectProps<C> & { source: CorporationSource<C> }) {
  const { t } = useTranslation();
  const pending = source.isPending;
  const common = {
    data: corporationOptions(source.data ?? [], include, extra),
    searchable,
    loading: pending,
    placeholder: field.placeholder ?? (pending ? t('common.loading') : undefined),
    nothingFoundMessage: pending ? t('common.loading') : field.nothingFoundMessage,
    error: field.error ?? (showLoadError && source.isError ? errorMessage(source.error) : undefined),
  };
  if (field.multiple) {
    const { multiple: _multiple, ...rest } = field;
    return (
      <MultiSelect {...rest} {...common} label={field.label ?? t('access.corporationSelect.labelMultiple')} />
    );
  }
  const { multiple: _multiple, ...rest } = field;
  return <Select {...rest} {...common} label={field.label ?? t('access.corporationSelect.label')} />;
}
