// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>
#include <QtCore/QStringView>

#include <optional>
#include <type_traits>
#include <utility>

class QDebug;

namespace everx {

// The typed errors of both ends: the engine's refusals and the protocol's own. Their names
// (errorCodeName) are the stable codes of docs/protocol.md "Errors", spelled once, in
// errors.cpp; messages are for people and may change.
enum class ErrorCode : quint8 {
    // The engine's.
    InvalidArgument,
    UnknownGpu,
    UnknownAccount,
    UnknownOrder,
    UnknownListing,
    UnknownRental,
    UnknownCountry,
    UnknownPayment, // no top-up has this reference
    InsufficientFunds,
    Forbidden, // the caller's role may not do this
    NotOwner, // not your order / listing / rental
    ListingHasRentals,
    InvalidState, // e.g. cancelling a filled order, resuming an active listing
    DuplicateAccount,
    AuthenticationFailed,
    Storage, // the database refused; nothing was changed
    // The protocol's.
    Malformed, // not JSON, or not a frame
    UnsupportedVersion,
    UnknownOperation,
    Unauthenticated, // the operation needs a sign-in
    RateLimited,
    TooManySubscriptions,
    UnknownChannel,
    Internal, // a bug; nothing was changed
    TooManyOrders, // the account has MarketRules::MaxOpenOrdersPerAccount open orders
    // Accounts' states (docs/protocol.md "Operations").
    AccountSuspended, // support suspended the account: no sign-in, no operation
    AccountPending, // a provider's application waits for support: no provider operation yet
    AccountRejected, // support rejected the provider's application: no sign-in
    WeakPassword, // too short, too long, or in the list of common passwords
    SignupClosed, // the operator has closed sign-up
    UnknownPayout, // no payout has this id (or none of the caller's)
    UnknownAdjustment, // no adjustment under dual control has this id
    SecondAgentRequired, // the agent who asked for an adjustment may not decide it
    AccountUnverified, // the account has not confirmed its email yet: it only watches
    VerificationFailed, // auth.verify: a wrong, expired or used-up code
    // The client's own: never sent by a server.
    Timeout, // no reply in time, or not connected
    Unknown, // a code this client does not know; the server's message is kept
};

// Every code, in declaration order; for tests and tables.
inline constexpr ErrorCode AllErrorCodes[] = {
    ErrorCode::InvalidArgument,
    ErrorCode::UnknownGpu,
    ErrorCode::UnknownAccount,
    ErrorCode::UnknownOrder,
    ErrorCode::UnknownListing,
    ErrorCode::UnknownRental,
    ErrorCode::UnknownCountry,
    ErrorCode::UnknownPayment,
    ErrorCode::InsufficientFunds,
    ErrorCode::Forbidden,
    ErrorCode::NotOwner,
    ErrorCode::ListingHasRentals,
    ErrorCode::InvalidState,
    ErrorCode::DuplicateAccount,
    ErrorCode::AuthenticationFailed,
    ErrorCode::Storage,
    ErrorCode::Malformed,
    ErrorCode::UnsupportedVersion,
    ErrorCode::UnknownOperation,
    ErrorCode::Unauthenticated,
    ErrorCode::RateLimited,
    ErrorCode::TooManySubscriptions,
    ErrorCode::UnknownChannel,
    ErrorCode::Internal,
    ErrorCode::TooManyOrders,
    ErrorCode::AccountSuspended,
    ErrorCode::AccountPending,
    ErrorCode::AccountRejected,
    ErrorCode::WeakPassword,
    ErrorCode::SignupClosed,
    ErrorCode::UnknownPayout,
    ErrorCode::UnknownAdjustment,
    ErrorCode::SecondAgentRequired,
    ErrorCode::AccountUnverified,
    ErrorCode::VerificationFailed,
    ErrorCode::Timeout,
    ErrorCode::Unknown,
};

// "invalid_argument", "storage_error", ...: the code on the wire.
QString errorCodeName(ErrorCode code);
// The code of a wire name; nullopt for a name this end does not know (a client maps that to
// ErrorCode::Unknown, keeping the server's message).
std::optional<ErrorCode> errorCodeFromName(QStringView name);
// Logs the code by its name.
QDebug operator<<(QDebug debug, ErrorCode code);

struct Error
{
    ErrorCode code = ErrorCode::Internal;
    QString message;
};

// A refusal, as the engine's operations return one: return err(ErrorCode::Forbidden, why).
inline Error err(ErrorCode code, const QString &message)
{
    return Error {code, message};
}

// The outcome of an operation, on either end: a value, or an Error and no change of state.
template<typename T>
class Result
{
public:
    Result(T value)
        : m_value(std::move(value))
    { }
    // From what a T is made of (a reply's object for a Result<Reply>).
    template<typename U>
    requires(
        std::is_constructible_v<
            T,
            U &&> && !std::is_same_v<std::remove_cvref_t<U>, T> && !std::is_same_v<std::remove_cvref_t<U>, Error> && !std::is_same_v<std::remove_cvref_t<U>, Result>)
        Result(U &&value)
        : m_value(std::in_place, std::forward<U>(value))
    { }
    Result(Error error)
        : m_error(std::move(error))
    { }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    const T &operator*() const & { return *m_value; }
    T &operator*() & { return *m_value; }
    const T *operator->() const { return &*m_value; }
    T *operator->() { return &*m_value; }

    // Only meaningful when !ok().
    const Error &error() const { return *m_error; }
    ErrorCode code() const { return m_error->code; }

private:
    std::optional<T> m_value;
    std::optional<Error> m_error;
};

} // namespace everx
