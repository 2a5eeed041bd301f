// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: syscall parameter with a begin on the whole structure
 * check-description: The fixed waitid() shape: user_write_access_begin(infop, sizeof(*infop)) covers the constant offsets 0, 4, 8 and 12 of the four stores, so all are proven.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/syscalls.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_waitinfo2 {
	s32 signo;
	s32 errno_;
	s32 code;
	s32 status;
};

SYSCALL_DEFINE3(uacheck_waitid_ok, int, which, struct uc_waitinfo2 __user *, infop, int, status)
{
	if (!infop)
		return 0;
	if (!user_write_access_begin(infop, sizeof(*infop)))
		return -EFAULT;
	unsafe_put_user(17, &infop->signo, efault);
	unsafe_put_user(0, &infop->errno_, efault);
	unsafe_put_user(which, &infop->code, efault);
	unsafe_put_user(status, &infop->status, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: syscall parameter with a begin on the whole structure");
