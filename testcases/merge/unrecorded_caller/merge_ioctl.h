/* SPDX-License-Identifier: GPL-2.0 */
/* Shared prototypes of the unrecorded-caller merge case (testcases/merge/unrecorded_caller). */
#ifndef MERGE_IOCTL_H
#define MERGE_IOCTL_H

#include <linux/types.h>

int put_status(u32 __user *p, u32 v);
long merge_ioctl(unsigned long arg);

#endif /* MERGE_IOCTL_H */
