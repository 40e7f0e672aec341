// @airloom/shared-ui — the one face of the design system, i18n, API client and the remote kit.
export { ApiError, CLIENT_ERROR, CSRF_HEADER, createApiClient, endpointErrorText } from './api/client';
export type { ApiClient, ApiClientOptions, EndpointInput, EndpointOutput, RequestOptions } from './api/client';

// The remote kit (ARCHITECTURE §3); createRemote itself is `@airloom/shared-ui/remote`.
export { projectRefOf } from './mfe/props';
export type { AccountPreferences, MfeProps, ProjectRef, TableColumnSettings } from './mfe/props';
export { MfeContext, useMfe } from './mfe/context';
export { decide, principalOf, projectContextOf, refusalText, useCan } from './mfe/use-can';
export type { DeviceFacts } from './mfe/use-can';
export { useLoad } from './mfe/use-load';
export type { Loaded } from './mfe/use-load';
export { openProjectEvents, projectEventsUrl } from './live/project-events';
export type { LiveState, ProjectEventsHandlers } from './live/project-events';
export { useProjectEvents } from './live/use-project-events';
export type { ProjectEventHandlers } from './live/use-project-events';
export { SidePanel } from './components/SidePanel';

// Navigation (the shell's and every remote's, over the History API)
export { getLocation, isActivePath, matchPath, navigate, refreshLocation, subscribe, routeInHash } from './router/history';
export type { NavigateOptions, ShellLocation } from './router/history';
export { Link, NavLink, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from './router/router';
export type { LinkProps, RouteProps } from './router/router';
export type { SidePanelProps } from './components/SidePanel';

// Design system (theme, providers, components)
export { theme, focusRing } from './theme/theme';
export type { AppTheme } from './theme/theme';
export { GlobalStyle } from './theme/GlobalStyle';
export { AppProviders } from './AppProviders';
export type { AppProvidersProps } from './AppProviders';
export { createI18n, i18n, addResources } from './i18n/i18n';
export type { I18n } from './i18n/i18n';
export { commonEn } from './i18n/common-en';
export { Button } from './components/Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/Button';
export { TextField } from './components/TextField';
export type { TextFieldProps } from './components/TextField';
export { Select } from './components/Select';
export type { SelectProps, SelectOption } from './components/Select';
export { FieldFrame } from './components/field';
export { CloseButton, Modal } from './components/Modal';
export type { ModalProps } from './components/Modal';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { NoticeProvider, useNotice, InlineNotice } from './components/Notice';
export type { NoticeInput, NoticeTone } from './components/Notice';
export { Page, PageHeader, Card, Stack, Row, Grid } from './components/layout';
export { popoverSurface } from './components/popover';
export type { PageHeaderProps, CardProps } from './components/layout';
export { EmptyState, Stat, Badge, Spinner, VisuallyHidden } from './components/display';
export { TwoFactorRecoveryCodes, TwoFactorSetupForm } from './components/TwoFactorSetup';
export type { TwoFactorSetupFormProps } from './components/TwoFactorSetup';
export type { EmptyStateProps, StatProps, BadgeTone, SpinnerProps } from './components/display';

// Table (tanstack table v9 + virtual)
export { Table } from './table/LazyTable';
export type { TableProps } from './table/Table';
export type { TableColumn, CellValue, TableSort } from './table/table-model';
export { useTableColumns } from './table/use-table-columns';

// Forms bound to contracts' schemas
export { SchemaField } from './forms/SchemaField';
export type { SchemaFieldProps } from './forms/SchemaField';
export { useSchemaField } from './forms/use-schema-field';
export type { SchemaFieldState } from './forms/use-schema-field';
export { useSchemaForm } from './forms/use-schema-form';
export type { SchemaForm, SchemaFormField } from './forms/use-schema-form';
export { firstFailure, failuresByField, translateFailure } from './forms/schema-validation';
export type { RuleFailure } from './forms/schema-validation';
