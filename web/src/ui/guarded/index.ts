export { ChangesTable } from './ChangesTable.tsx';
export { GuardedChangePanel, type GuardedChangePanelProps } from './GuardedChangePanel.tsx';
export { OperatorActions } from './OperatorActions.tsx';
