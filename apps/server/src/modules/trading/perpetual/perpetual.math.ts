/**
 * The perpetual arithmetic lives in packages/domain (perpetual-math.ts, with its tests), so that the
 * order form previews the fee and the liquidation price, and marks positions, exactly as the engine does.
 */
export {
  type CloseSettlement,
  closeSettlement,
  type OpenTerms,
  openTerms,
  type PositionTerms,
  pnlAt,
  positionLiquidationPrice,
  roePercent,
} from '@platform/domain';
