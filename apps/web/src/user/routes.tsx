import type { RouteObject } from 'react-router';
import { LazyPage, type PageLoader } from '../components/lazyPage.tsx';
import { RequireLogin } from './shell/RequireLogin.tsx';

/** Each user screen is its own chunk: the first screen downloads only itself and the frame. */
const load = {
  home: () => import('./home/HomePage.tsx'),
  markets: () => import('./markets/MarketsPage.tsx'),
  spot: () => import('./trade/spot/SpotPage.tsx'),
  flash: () => import('./trade/flash/FlashPage.tsx'),
  perpetual: () => import('./trade/perpetual/PerpetualPage.tsx'),
  option: () => import('./trade/option/OptionPage.tsx'),
  wallet: () => import('./wallet/WalletPage.tsx'),
  deposit: () => import('./wallet/DepositPage.tsx'),
  withdraw: () => import('./wallet/WithdrawPage.tsx'),
  history: () => import('./wallet/HistoryPage.tsx'),
  asset: () => import('./wallet/detail/AssetPage.tsx'),
  depositRecord: () => import('./wallet/detail/DepositDetailPage.tsx'),
  withdrawalRecord: () => import('./wallet/detail/WithdrawalDetailPage.tsx'),
  order: () => import('./wallet/detail/OrderDetailPage.tsx'),
  kyc: () => import('./kyc/KycPage.tsx'),
  team: () => import('./team/TeamPage.tsx'),
  account: () => import('./account/AccountPage.tsx'),
  profile: () => import('./account/ProfilePage.tsx'),
  password: () => import('./account/PasswordPage.tsx'),
  security: () => import('./account/SecurityPage.tsx'),
  addressBook: () => import('./account/address-book/AddressBookPage.tsx'),
  notifications: () => import('./notifications/NotificationsPage.tsx'),
  priceAlerts: () => import('./account/price-alerts/PriceAlertsPage.tsx'),
  settings: () => import('./account/SettingsPage.tsx'),
  por: () => import('./por/PorPage.tsx'),
} satisfies Record<string, PageLoader>;

const open = (path: string, loader: PageLoader): RouteObject => ({
  path,
  element: <LazyPage load={loader} />,
});
const signedIn = (path: string, loader: PageLoader): RouteObject => ({
  path,
  element: (
    <RequireLogin>
      <LazyPage load={loader} />
    </RequireLogin>
  ),
});

/**
 * The user app under UserLayout. Markets and the trade screens are open to guests (prices are
 * public; forms ask to log in); money, identity and team screens need a session.
 */
export const userRoutes: RouteObject[] = [
  { index: true, element: <LazyPage load={load.home} /> },
  open('markets', load.markets),
  open('trade/spot/:symbol?', load.spot),
  open('trade/flash/:symbol?', load.flash),
  open('trade/perpetual/:symbol?', load.perpetual),
  open('trade/option/:symbol?', load.option),
  signedIn('wallet', load.wallet),
  signedIn('wallet/deposit', load.deposit),
  signedIn('wallet/withdraw', load.withdraw),
  signedIn('wallet/history', load.history),
  signedIn('wallet/asset/:currency', load.asset),
  signedIn('wallet/deposits/:id', load.depositRecord),
  signedIn('wallet/withdrawals/:id', load.withdrawalRecord),
  signedIn('orders/:id', load.order),
  signedIn('kyc', load.kyc),
  signedIn('team', load.team),
  signedIn('me', load.account),
  signedIn('me/profile', load.profile),
  signedIn('me/password', load.password),
  signedIn('me/security', load.security),
  signedIn('me/addresses', load.addressBook),
  signedIn('me/notifications', load.notifications),
  signedIn('me/price-alerts', load.priceAlerts),
  signedIn('me/settings', load.settings),
  signedIn('me/por', load.por),
];
