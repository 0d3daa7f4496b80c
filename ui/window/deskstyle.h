// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtWidgets/QProxyStyle>

namespace everx {

// The desk's style: Fusion, with the frames of text fields and spin boxes drawn so that they
// show on a dark palette. Fusion draws them in the window colour darkened, which on the dark
// theme is the colour of the field itself: an input without a visible edge. On a light palette
// it draws exactly as Fusion.
class DeskStyle final : public QProxyStyle
{
public:
    DeskStyle();

    // The edge of a field on a palette (light: Fusion's own; dark: a grey that stands off both
    // the window and the field).
    static QColor fieldEdge(const QPalette &palette, bool focused);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget = nullptr) const override;
};

} // namespace everx
