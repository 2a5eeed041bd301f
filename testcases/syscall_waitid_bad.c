// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: syscall parameter written without any check
 * check-description: The CVE-2017-5123 waitid() shape: a region is opened with no access_ok() on the syscall parameter infop, so each of the three stores is unchecked.
 * check-level: 0
 *
 * check-output-start
syscall_waitid_bad.c:34:9: warning: unsafe_put_user() on 'infop' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
syscall_waitid_bad.c:34:9: note: no check of 'infop' was found
syscall_waitid_bad.c:35:9: warning: unsafe_put_user() on 'infop' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
syscall_waitid_bad.c:35:9: note: no check of 'infop' was found
syscall_waitid_bad.c:36:9: warning: unsafe_put_user() on 'infop' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
syscall_waitid_bad.c:36:9: note: no check of 'infop' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/syscalls.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_waitinfo {
	s32 signo;
	s32 code;
	s32 status;
};

SYSCALL_DEFINE3(uacheck_waitid, int, which, struct uc_waitinfo __user *, infop, int, status)
{
	if (!infop)
		return 0;
	__uaccess_begin();
	unsafe_put_user(17, &infop->signo, efault);
	unsafe_put_user(which, &infop->code, efault);
	unsafe_put_user(status, &infop->status, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: syscall parameter written without any check");
