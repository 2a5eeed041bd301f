/* SPDX-License-Identifier: GPL-2.0 */
/* Shared prototypes of the plain-callers merge case (testcases/merge/plain_callers). */
#ifndef MERGE_PLAIN_H
#define MERGE_PLAIN_H

#include <linux/types.h>

int put_status(u32 __user *p, u32 v);
long merge_ioctl(unsigned long arg);
int merge_status_fwd(u32 __user *p);

#endif /* MERGE_PLAIN_H */
