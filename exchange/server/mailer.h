// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/requests.h"

#include <QtCore/QObject>
#include <QtCore/QString>

namespace everx {

// Where the exchange's mail goes (docs/protocol.md "Identities"): the codes that confirm an
// address and the notices to an address's owner. SmtpMailer sends through the operator's relay;
// a test may hand the service one of its own.
//
// Threading: lives on the exchange thread; send() returns at once, and sent() follows there.
class Mailer : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~Mailer() override = default;
    Q_DISABLE_COPY_MOVE(Mailer)

    virtual void send(const Mail &mail) = 0;

Q_SIGNALS:
    // Once the relay took the mail (ok) or refused it, could not be reached, or the queue was
    // full (error says which).
    void sent(const QString &to, bool ok, const QString &error);
};

} // namespace everx
