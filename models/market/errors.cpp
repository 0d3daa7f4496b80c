// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/errors.h"

#include <QtCore/QDebug>

#include <array>
#include <utility>

namespace everx {

namespace {

// The one table of error code names (docs/protocol.md "Errors").
constexpr std::array<std::pair<ErrorCode, QStringView>, std::size(AllErrorCodes)> Names {{
    {ErrorCode::InvalidArgument, u"invalid_argument"},
    {ErrorCode::UnknownGpu, u"unknown_gpu"},
    {ErrorCode::UnknownAccount, u"unknown_account"},
    {ErrorCode::UnknownOrder, u"unknown_order"},
    {ErrorCode::UnknownListing, u"unknown_listing"},
    {ErrorCode::UnknownRental, u"unknown_rental"},
    {ErrorCode::UnknownCountry, u"unknown_country"},
    {ErrorCode::UnknownPayment, u"unknown_payment"},
    {ErrorCode::InsufficientFunds, u"insufficient_funds"},
    {ErrorCode::Forbidden, u"forbidden"},
    {ErrorCode::NotOwner, u"not_owner"},
    {ErrorCode::ListingHasRentals, u"listing_has_rentals"},
    {ErrorCode::InvalidState, u"invalid_state"},
    {ErrorCode::DuplicateAccount, u"duplicate_account"},
    {ErrorCode::AuthenticationFailed, u"authentication_failed"},
    {ErrorCode::Storage, u"storage_error"},
    {ErrorCode::Malformed, u"malformed"},
    {ErrorCode::UnsupportedVersion, u"unsupported_version"},
    {ErrorCode::UnknownOperation, u"unknown_operation"},
    {ErrorCode::Unauthenticated, u"unauthenticated"},
    {ErrorCode::RateLimited, u"rate_limited"},
    {ErrorCode::TooManySubscriptions, u"too_many_subscriptions"},
    {ErrorCode::UnknownChannel, u"unknown_channel"},
    {ErrorCode::Internal, u"internal"},
    {ErrorCode::TooManyOrders, u"too_many_orders"},
    {ErrorCode::AccountSuspended, u"account_suspended"},
    {ErrorCode::AccountPending, u"account_pending"},
    {ErrorCode::AccountRejected, u"account_rejected"},
    {ErrorCode::WeakPassword, u"weak_password"},
    {ErrorCode::SignupClosed, u"signup_closed"},
    {ErrorCode::UnknownPayout, u"unknown_payout"},
    {ErrorCode::UnknownAdjustment, u"unknown_adjustment"},
    {ErrorCode::SecondAgentRequired, u"second_agent_required"},
    {ErrorCode::AccountUnverified, u"account_unverified"},
    {ErrorCode::VerificationFailed, u"verification_failed"},
    {ErrorCode::Timeout, u"timeout"},
    {ErrorCode::Unknown, u"unknown"},
}};

// Every code has its name, in the enum's order.
constexpr bool namesCoverEveryCode()
{
    for (std::size_t i = 0; i < Names.size(); ++i) {
        if (Names[i].first != AllErrorCodes[i] || std::size_t(AllErrorCodes[i]) != i)
            return false;
    }
    return true;
}
static_assert(namesCoverEveryCode());

} // namespace

QString errorCodeName(ErrorCode code)
{
    const auto i = std::size_t(code);
    // A value outside the enum (a corrupt cast) is a bug: say so rather than invent a code.
    return (i < Names.size() ? Names[i].second : Names[std::size_t(ErrorCode::Internal)].second)
        .toString();
}

std::optional<ErrorCode> errorCodeFromName(QStringView name)
{
    for (const auto &[c, n] : Names) {
        if (n == name)
            return c;
    }
    return std::nullopt;
}

QDebug operator<<(QDebug debug, ErrorCode code)
{
    QDebugStateSaver saver(debug);
    debug.noquote() << errorCodeName(code);
    return debug;
}

} // namespace everx
