#pragma once

#include <QtCore/QString>

#include <optional>
#include <utility>

namespace everx {

// Typed errors of the engine. Their names (errorCodeName) are the stable codes of the protocol
// (DESIGN.md section 5); messages are for people and may change.
enum class ErrorCode : quint8 {
    InvalidArgument,
    UnknownGpu,
    UnknownAccount,
    UnknownOrder,
    UnknownListing,
    UnknownRental,
    UnknownCountry,
    InsufficientFunds,
    Forbidden, // the caller's role may not do this
    NotOwner, // not your order / listing / rental
    ListingHasRentals,
    InvalidState, // e.g. cancelling a filled order, resuming an active listing
    DuplicateAccount,
    AuthenticationFailed,
    Storage, // the database refused; nothing was changed
};

QString errorCodeName(ErrorCode code);

struct Error
{
    ErrorCode code;
    QString message;
};

// The outcome of an engine operation: a value, or an Error and no change of state.
template<typename T>
class Result
{
public:
    Result(T value)
        : m_value(std::move(value))
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
