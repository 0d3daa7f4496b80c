// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"

#include <QtCore/QByteArray>
#include <QtCore/QObject>
#include <QtCore/QSet>

namespace everx {

class ExchangeService;

// The sandbox's payment processor (docs/architecture.md "Trust and operations"): a short while
// after a top-up is asked for, it "receives the payment" and confirms it the way a real processor
// does, with a body signed with the exchange's payment secret handed to
// ExchangeService::confirmPayment, which verifies it like any webhook. So the sandbox always
// exercises the signed path, and a desk on the sandbox sees a top-up pending, then credited.
//
// Threading: the service's thread. Owned by the service.
class SimulatedProcessor final : public QObject
{
    Q_OBJECT

public:
    SimulatedProcessor(ExchangeService &service, QByteArray secret, int delayMs,
                       QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SimulatedProcessor)

    // Pays a pending payment after the delay (real time); a payment already scheduled is not
    // paid twice.
    void pay(const Payment &payment);
    int delayMs() const { return m_delayMs; }

private:
    void confirm(const Payment &payment);

    ExchangeService &m_service;
    QByteArray m_secret;
    int m_delayMs = 0;
    QSet<QString> m_scheduled; // references
};

} // namespace everx
