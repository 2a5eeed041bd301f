// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: helper called in the regions of two callers, at level 2
 * check-description: The signal_32.c shape: put_sigctx() stores through its parameter and is called by uc_setup_frame() and uc_setup_rt_frame(), each inside its own region opened by user_write_access_begin(frame, sizeof(*frame)) on its own frame. The distance is reported once per caller region, each with its own begin, call and check; the two diagnostics at the same store are in the order of their text.
 * check-level: 2
 *
 * check-output-start
distance_two_caller_regions.c:47:9: warning: unsafe_put_user() runs in a region opened 1 call up, by user_write_access_begin(frame, sizeof(*frame)) in uc_setup_frame() [-Wuaccess-distance]
distance_two_caller_regions.c:59:14: note: region opened here
distance_two_caller_regions.c:62:15: note: call 1 of 1: uc_setup_frame() calls put_sigctx()
distance_two_caller_regions.c:59:14: note: checked here: user_write_access_begin(frame, sizeof(*frame))
distance_two_caller_regions.c:47:9: note: distance: 1 call, 12 source lines from the check to this access
distance_two_caller_regions.c:48:9: note: the region also holds unsafe_put_user() here
distance_two_caller_regions.c:47:9: warning: unsafe_put_user() runs in a region opened 1 call up, by user_write_access_begin(frame, sizeof(*frame)) in uc_setup_rt_frame() [-Wuaccess-distance]
distance_two_caller_regions.c:76:14: note: region opened here
distance_two_caller_regions.c:80:15: note: call 1 of 1: uc_setup_rt_frame() calls put_sigctx()
distance_two_caller_regions.c:76:14: note: checked here: user_write_access_begin(frame, sizeof(*frame))
distance_two_caller_regions.c:47:9: note: distance: 1 call, 29 source lines from the check to this access
distance_two_caller_regions.c:48:9: note: the region also holds unsafe_put_user() here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_sigctx {
	u32 ip;
	u32 sp;
};

struct uc_sigframe {
	u32 retcode;
	struct uc_sigctx sc;
};

struct uc_rt_sigframe {
	u32 retcode;
	u32 sig;
	u64 info;
	struct uc_sigctx sc;
};

static __always_inline int put_sigctx(struct uc_sigctx __user *sc, u32 ip, u32 sp)
{
	unsafe_put_user(ip, &sc->ip, efault);
	unsafe_put_user(sp, &sc->sp, efault);
	return 0;
efault:
	return -EFAULT;
}

int uc_setup_frame(struct uc_sigframe __user *frame, u32 ip, u32 sp);
int uc_setup_frame(struct uc_sigframe __user *frame, u32 ip, u32 sp)
{
	int err;

	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	unsafe_put_user(0x80cd, &frame->retcode, efault);
	err = put_sigctx(&frame->sc, ip, sp);
	user_write_access_end();
	return err;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(uc_setup_frame);

int uc_setup_rt_frame(struct uc_rt_sigframe __user *frame, int sig, u32 ip, u32 sp);
int uc_setup_rt_frame(struct uc_rt_sigframe __user *frame, int sig, u32 ip, u32 sp)
{
	int err;

	if (!user_write_access_begin(frame, sizeof(*frame)))
		return -EFAULT;
	unsafe_put_user(0x80cd, &frame->retcode, efault);
	unsafe_put_user(sig, &frame->sig, efault);
	err = put_sigctx(&frame->sc, ip, sp);
	user_write_access_end();
	return err;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(uc_setup_rt_frame);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: helper called in the regions of two callers");
