#pragma once
// libmobi: Mobipocket (MOBI 6) and KF8 (AZW3) books — PalmDB records, decompression,
// EXTH metadata, and the reconstruction of KF8 parts, old MOBI markup, NCX and OPF.
#include <mobi.h>
